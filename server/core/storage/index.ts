export { LocalFolderStorage, temporaryStorage } from './local-folder';
export { StorageNotFoundError, type Storage, type StoredObject } from './storage';
