// Built by scripts/locale-texts-plugin.ts from locales/<lang>.json.
declare module 'virtual:texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
