import { createBrowserRouter } from 'react-router-dom';
import { HomeRoute } from './routes/home.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

// Spec section 2 lists the routes; each screen is added here with its own issue.
export const router = createBrowserRouter([
  { path: '/', element: <HomeRoute /> },
  { path: '*', element: <NotFoundRoute /> },
]);
