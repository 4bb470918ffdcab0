/** The console's entry point: its styles and the app, rendered into the page's #app. */
import { render } from 'preact';
import { App } from './app.js';
import './styles/console.css';

const root = document.getElementById('app');
if (root !== null) render(<App />, root);
