import { newComplaint } from './complaints/samples';

/**
 * Bodies of calls that take no system but whose body must be valid to reach the permission check (the authorization
 * matrix), or to reach the field a hardening test varies (tests/api/hardening/ids.test.ts), by 'METHOD /api/path'.
 */
export const BODY_SAMPLES: Readonly<Record<string, Record<string, unknown>>> = {
  'POST /api/ESS/GetSystems': { pageIndex: 1, pageSize: 10 },
  // Fault mail subscriptions (server/faultmail) and the account settings (server/account/settings-routes.ts).
  'POST /api/FaultMail/SaveSubscription': { country: 'DE', model: 'all', level: 'all', fault_code: 'all' },
  'POST /api/FaultMail/DeleteSubscription': { id: 1 },
  'POST /api/FaultMail/GetDeliveryLog': { pageIndex: 1, pageSize: 10 },
  'POST /api/Account/CustomUserSetting': {
    faultAlerts: true,
    monthlyReport: true,
    news: false,
    quietHours: { enabled: false, start: '22:00', end: '07:00' },
  },
  'POST /api/Account/InstallSetting': {
    countryCode: 'DE',
    timeZone: 'Europe/Berlin',
    currency: 'EUR',
    buyPrice: 0.3,
    feedInPrice: 0.08,
    contactName: 'Matrix',
    contactPhone: '',
    contactEmail: '',
  },
  'POST /api/Account/OtherRoleUserSetting': { landingPage: 'dashboard', pageSize: 20, faultMailDelivery: 'immediate' },
  // The admin calls validate their bodies like every other call (issue 12, point 5).
  'POST /api/User/LockUser': { id: 1, locked: true },
  'POST /api/User/ResetUserPassword': { id: 1 },
  'POST /api/User/GetUserMenuPermissions': { id: 1 },
  'POST /api/User/SaveUserMenuPermissions': { id: 1, menuDenied: [] },
  'POST /api/User/GetUserHistory': { id: 1 },
  'POST /api/User/DeleteUser': { id: 1 },
  'POST /api/User/DeactivateUser': { id: 1, deactivated: true },
  'POST /api/Role/SaveRolePermissions': { role: 'dev', menus: ['dashboard'] },
  'POST /api/License/UnassignLicense': { id: 1 },
  'POST /api/Translation/SaveTranslation': { language: 'en', namespace: 'menu', key: 'dashboard', value: 'x' },
  'POST /api/Translation/AddTranslation': { language: 'en', namespace: 'custom', key: 'banner', value: 'x' },
  'POST /api/Translation/ResetTranslation': { language: 'en', namespace: 'menu', key: 'dashboard' },
  // Generated saves of declarations without a row in this world (the others send their first row back).
  'POST /api/License/SaveLicense': { license_key: 'MATRIX-1', company: 'Matrix', license_type: 'installer', expires_at: '2027-01-01' },
  'POST /api/EmailRule/SaveCategory': { category_code: 'matrix_rule', name: 'Matrix' },
  'POST /api/SN/SaveSn': {
    sn: 'MATRIX2026A0001',
    check_code: 'ABCD',
    product_type: 'system',
    production_date: '2026-01-01',
    state: 'free',
  },
  'POST /api/EmailRule/SaveEmailRule': { category_code: 'system_fault', recipient_kind: 'address', recipient_value: 'matrix@example.com' },
  'POST /api/Complaints/SaveComplaint': newComplaint('ESS2024A0001'),
  // A complaint's messages, the unread news and urge (server/complaints/news-routes.ts).
  'POST /api/Complaints/GetComplaintMessages': { id: 1 },
  'POST /api/Complaints/CommentComplaint': { id: 1, commentContent: 'matrix' },
  'POST /api/ComplaintsProcessing/ReplyComplaintsComment': { id: 1, commentContent: 'matrix', commentId: 1 },
  'POST /api/ComplaintsNews/GetCommentDetail': { comment_id: 1 },
  'POST /api/ComplaintsNews/GetAdditionalInfoDetail': { additionalinfo_id: 1 },
  'POST /api/ComplaintsNews/DownCommentFile': { id: 1, attachment_name: 'matrix.pdf' },
  'POST /api/ComplaintsNews/DownAdditionalFile': { id: 1, attachment_name: 'matrix.pdf' },
  'POST /api/Complaints/UrgeComplaint': { id: 1 },
  'POST /api/Complaints/SaveClockTargets': {
    firstResponseHours: { high: 4, normal: 24, low: 72 },
    resolutionDays: { high: 3, normal: 10, low: 30 },
  },
  'POST /api/Complaints/GetStatisticalStatement': { from: '2026-01', to: '2026-03' },
  // R&D working hours and product suggestions (issue 14).
  'POST /api/WorkHours/SaveWorkHour': { work_date: '2026-03-02', hours: 1, kind: 'testing', project: 'Matrix' },
  'POST /api/WorkHours/GetWorkHourTotals': { from: '2026-03-01', to: '2026-03-31' },
  'POST /api/WorkHours/ExportWorkHours': { from: '2026-03-01', to: '2026-03-31' },
  'POST /api/ProductSuggestion/SaveProductSuggestion': { title: 'Matrix', description: 'Matrix', product_type: 'app' },
  'POST /api/ProductSuggestion/ImplementProductSuggestion': { id: 1, version: '1.0' },
  'POST /api/Complaints/ExportStatisticalStatement': { from: '2026-01', to: '2026-03' },
  // Customer archives and their records (issue 14).
  'POST /api/CustomerArchives/SaveCustomerArchive': {
    name: 'Matrix',
    country: 'DE',
    postcode: '10115',
    license: 'MATRIX-C',
    sys_sn: 'ESS2024A0001',
  },
  'POST /api/CustomerArchives/SaveCustomerRecord': {
    archive_id: 1,
    kind: 'phone',
    record_date: '2026-03-02',
    person: 'matrix',
    contents: 'Matrix',
  },
  'POST /api/CustomerArchives/GetCustomerArchiveComplaints': { id: 1 },
  // Installer files (issue 14).
  'POST /api/Installer/SaveInstaller': {
    name: 'Matrix Installer',
    contact: 'Matrix',
    phone: '+49 30 1',
    email: 'matrix@example.com',
    address: 'Matrix 1',
    remark: 'Matrix',
    license: 'MATRIX-I',
  },
  'POST /api/Installer/GetInstallerOverview': { id: 1 },
  // Self-registration (public; server/account/registration-routes.ts).
  'POST /api/Account/CheckSysSn': { sn: 'ESS2021DE1004', check_code: 'KL9NMB' },
  'POST /api/Account/SendRegisterCode': { email: 'matrix@mail.example', language: 'en' },
  'POST /api/Account/Register': {
    username: 'matrix.owner',
    password: 'Matrix2026',
    name: 'Matrix Owner',
    email: 'matrix@mail.example',
    code: '123456',
    sn: 'ESS2021DE1004',
    check_code: 'KL9NMB',
    country: 'DE',
    timeZone: 'Europe/Berlin',
    agreement: true,
  },
  // Messages and notifications (issue 15, server/messages).
  'POST /api/Message/GetQueryMyMsg': { id: 1 },
  'POST /api/Message/UpdateMyMsg': { ids: [1] },
  'POST /api/Message/UserDelMyMsg': { ids: [1] },
  'POST /api/InfoDistribution/GetInfoDistribution': { id: 1 },
  'POST /api/InfoDistribution/WithdrawInfoDistribution': { id: 1 },
  'POST /api/InfoDistribution/DeleteInfoDistribution': { id: 1 },
  'POST /api/InfoDistribution/PreviewAudience': { audience: { roles: ['installer'], countries: ['DE'] } },
  'POST /api/InfoDistribution/SaveInfoDistribution': {
    titles: { en: 'Matrix' },
    contents: { en: 'Matrix' },
    audience: { roles: ['customer'] },
    publish: 'draft',
  },
};
