import PlaceholderPage from '../placeholder-page';
import type { PageProps } from '../../../app/pages';

/** Issue 5: replaced by the real page. */
export default function Page(props: PageProps) {
  return <PlaceholderPage title={props.title} />;
}
