/**
 * Where customers reach a person. The spec names an external support page and a phone without their values, so
 * both come from the build's environment (VITE_SUPPORT_URL, VITE_SUPPORT_PHONE) with neutral defaults.
 */
function fromEnv(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

export const SUPPORT_PAGE_URL = fromEnv(import.meta.env.VITE_SUPPORT_URL, 'https://support.pcb-portal.example/');
export const SUPPORT_PHONE = fromEnv(import.meta.env.VITE_SUPPORT_PHONE, '+7 800 000-00-00');
/** tel: wants the digits and the plus only. */
export const SUPPORT_PHONE_HREF = `tel:${SUPPORT_PHONE.replace(/[^\d+]/g, '')}`;
/** The wizard's training video (embed address); without one the popup says it is coming. */
export const WIZARD_VIDEO_URL = fromEnv(import.meta.env.VITE_WIZARD_VIDEO_URL, '');
