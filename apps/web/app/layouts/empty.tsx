import { Outlet } from "react-router";

/** Bare: callback and status pages that show only their own content. */
export default function EmptyLayout() {
  return (
    <div data-layout="empty">
      <Outlet />
    </div>
  );
}
