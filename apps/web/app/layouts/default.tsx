import { Outlet } from "react-router";
import { AppFrame } from "../components/AppFrame.tsx";

export default function DefaultLayout() {
  return (
    <AppFrame boxed={false}>
      <Outlet />
    </AppFrame>
  );
}
