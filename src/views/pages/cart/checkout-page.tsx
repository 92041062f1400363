import PlaceholderPage from '../placeholder-page';

/** Stub until issue 7's page lands here; props as every page gets them from the router. */
export default function Page({ title }: { title: string; params: Record<string, string | undefined> }) {
  return <PlaceholderPage title={title} />;
}
