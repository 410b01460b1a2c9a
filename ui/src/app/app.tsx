import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/ui/toaster.tsx';
import { AppProvider } from './provider.tsx';
import { router } from './router.tsx';

/** The whole application: global providers around the router, and the one toast region every page shares. */
export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
      <Toaster />
    </AppProvider>
  );
}
