/** Stylesheets are imported for their effect: esbuild bundles them beside the script. */
declare module '*.css';
