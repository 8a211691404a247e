export * from './users';
export * from './sessions';
export * from './login-failures';
export * from './shares';
export * from './user-log';
export * from './monitoring';
