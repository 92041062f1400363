// React 19 has useSyncExternalStore built in: wouter's import of the React 17 shim resolves here instead.
export { useSyncExternalStore } from 'react';
