import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider.tsx';
import { router } from './router.tsx';

/** The whole application: global providers around the router. */
export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
