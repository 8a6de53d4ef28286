import { createRoot } from 'react-dom/client';
import HomePage from './features/home/home-page';

createRoot(document.getElementById('root')!).render(<HomePage />);
