import Link from "next/link";

export default function NotFound() {
  return (
    <div className="empty">
      <h1>Not found</h1>
      <p>This run, comparison or link does not exist, or it is not shared with you.</p>
      <Link href="/runs">Back to runs</Link>
    </div>
  );
}
