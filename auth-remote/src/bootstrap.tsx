import { createRoot } from 'react-dom/client';
import LoginPage from './features/login/login-page';

createRoot(document.getElementById('root')!).render(<LoginPage />);
