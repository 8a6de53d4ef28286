/** The shell's spinner look (`.spinner`), announced to screen readers by its label. */
export function Loader({ label }: { label: string }) {
  return (
    <div className="spinner" role="status">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
