/**
 * The secure storage plugin (@aparajita/capacitor-secure-storage) at its boundary, for unit tests: what the
 * device's Keystore / Keychain holds, as values. A test mocks the plugin with `secureStorageModule` and reads or
 * seeds `secureStorageItems`.
 */
export const secureStorageItems = new Map<string, unknown>();

export const secureStorageModule = {
  SecureStorage: {
    get: async (key: string) => secureStorageItems.get(key) ?? null,
    set: async (key: string, value: unknown) => void secureStorageItems.set(key, value),
    remove: async (key: string) => secureStorageItems.delete(key),
  },
};
