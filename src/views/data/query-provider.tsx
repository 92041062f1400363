import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { createQueryClient } from './query-client';

/**
 * The query cache of one page frame. The router remounts the frame on every navigation, so each page starts from
 * nothing as it always did, and no answer of one user can outlive a sign-out into the next session.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A signed-in layout with the data layer around it; /auth (the auth layout) never loads it, so its first visit stays small. */
export function withQueryProvider<Props extends { children: ReactNode }>(Layout: ComponentType<Props>): ComponentType<Props> {
  function WithQueries(props: Props) {
    return <QueryProvider><Layout {...props} /></QueryProvider>;
  }
  return WithQueries;
}
