export default function Loading() {
  return (
    <div className="empty" aria-busy="true" role="status">
      Loading clusters…
    </div>
  );
}
