import { Outlet } from "react-router";
import { AppFrame } from "../components/AppFrame.tsx";

export default function DefaultBoxedLayout() {
  return (
    <AppFrame boxed>
      <Outlet />
    </AppFrame>
  );
}
