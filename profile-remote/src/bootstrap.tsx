import { createRoot } from 'react-dom/client';
import SidePanel from './features/side-panel/side-panel';

createRoot(document.getElementById('root')!).render(<SidePanel />);
