import { defineEndpoint, schemasOnce } from '../contract/endpoint';

/**
 * The calls of the userInfoSettings declaration (resources/userInfoSettings.ts): one record, the caller's own, no id.
 * Their body is the declaration's form, built when the server registers them; this module holds no declaration, so
 * the login page's chunk, which reads the profile for the language, stays free of them.
 */
export const profileCalls = {
  one: defineEndpoint({
    path: '/UserInfo/GetMyUserInfo',
    permission: { subject: 'profile', action: 'read' },
    tag: 'userInfoSettings',
    summary: "The caller's own profile",
    schemas: schemasOnce(async () => {
      const [{ noBody }, { profileAnswer }] = await Promise.all([import('../contract/admin/common'), import('../contract/admin/profile')]);
      return { body: noBody, answer: profileAnswer };
    }),
  }),
  save: defineEndpoint({
    path: '/UserInfo/SaveMyUserInfo',
    permission: { subject: 'profile', action: 'update' },
    tag: 'userInfoSettings',
    summary: "Save the caller's own profile (14: the e-mail's form)",
    schemas: schemasOnce(async () => {
      const [{ userInfoSettings }, { declaredFieldsBody }, { formFields }, { profileAnswer }] = await Promise.all([
        import('./userInfoSettings'),
        import('./crud-schemas'),
        import('./types'),
        import('../contract/admin/profile'),
      ]);
      return { body: declaredFieldsBody(userInfoSettings.fields, formFields(userInfoSettings, 'edit')), answer: profileAnswer };
    }),
  }),
};
