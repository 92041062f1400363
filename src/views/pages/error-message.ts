/** The message key for an error status: 404 'Страница не найдена', 5xx the server error text. */
export function errorMessageKey(status: number): string {
  if (status === 404) return 'errors.notFound';
  if (status >= 500) return 'errors.serverError';
  return 'errors.default';
}
