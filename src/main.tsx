import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
void initI18n().finally(() => root.render(<App />));
