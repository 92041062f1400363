/** Stub: replaced by the helper that owns this page (issue 6). */
export default function ProjectPage({ title }: { title: string }) {
  return <h1>{title}</h1>;
}
