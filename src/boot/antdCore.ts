/**
 * The part of antd the app's shell renders first (src/App.tsx), imported by src/main.tsx on its own so that it is
 * evaluated in a task of its own, between React's renderer and the shell. The build puts these modules in a chunk
 * of their own, shared with the shell's; nothing else imports this file.
 */
export { App, ConfigProvider } from 'antd';
