/** Every open modal, popup and dropdown registers its close function here; a route change closes them all. */

type Close = () => void;

const open = new Set<Close>();

/** Returns the function to call when the modal closes by itself. */
export function registerModal(close: Close): () => void {
  open.add(close);
  return () => {
    open.delete(close);
  };
}

export function closeAllModals(): void {
  const closing = [...open];
  open.clear();
  for (const close of closing) close();
}

export function openModalCount(): number {
  return open.size;
}
