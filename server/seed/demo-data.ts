/**
 * Demo accounts and the business data the menu counters are computed from. Requisites are made up but pass the
 * checksums of src/contract/requisites.ts, and their region digits match the client's region.
 */
export const DEMO_PASSWORD = 'demo12345';

export const DEMO_USERS = [
  {
    key: 'demo', email: 'demo@example.ru', phone: '+79990000000', firstName: 'Иван', patronymic: 'Петрович',
    lastName: 'Смирнов', isMale: true, secondFactorTypes: [] as number[],
  },
  {
    key: 'demo2fa', email: 'demo2fa@example.ru', phone: '+79990000001', firstName: 'Ольга', patronymic: 'Сергеевна',
    lastName: 'Кузнецова', isMale: false, secondFactorTypes: [0, 1, 2],
  },
] as const;

type UserKey = (typeof DEMO_USERS)[number]['key'];

export const DEMO_CLIENTS = [
  {
    key: 'es', name: 'Электронные системы', fullName: 'ООО «Электронные системы»', clientType: 'corporate' as const,
    isLegal: true, countryId: 1, regionId: 1, activityId: 1, officeId: 1,
    inn: '7714982309', kpp: '771401001', ogrn: '1027739856210', isVerified: true,
    members: [['demo', 1], ['demo2fa', 2]] as Array<[UserKey, number]>,
  },
  {
    key: 'kuz', name: 'ИП Кузнецов А. В.', fullName: 'Индивидуальный предприниматель Кузнецов Алексей Викторович',
    clientType: 'entrepreneur' as const, isLegal: true, countryId: 1, regionId: 5, activityId: 4, officeId: 3,
    firstName: 'Алексей', lastName: 'Кузнецов', middleName: 'Викторович',
    inn: '540612347819', kpp: null, ogrn: '304540634700120', isVerified: false,
    members: [['demo', 2]] as Array<[UserKey, number]>,
  },
  {
    key: 'nii', name: 'НИИ Радиоприборов', fullName: 'АО «НИИ Радиоприборов»', clientType: 'corporate' as const,
    isLegal: true, countryId: 1, regionId: 2, activityId: 2, officeId: 2,
    inn: '7802164736', kpp: '780201001', ogrn: '1027800519372', isVerified: false,
    members: [['demo2fa', 1]] as Array<[UserKey, number]>,
  },
] as const;

type ClientKey = (typeof DEMO_CLIENTS)[number]['key'];

export const DEMO_PROJECTS: Array<{
  key: string; client: ClientKey; owner: UserKey; title: string; status: 'actual' | 'draft' | 'archive';
  productType: 'pcb' | 'panel' | 'stencil' | 'mounting' | 'module'; isFavorite: boolean;
}> = [
  { key: 'motor', client: 'es', owner: 'demo', title: 'Плата управления двигателем v2', status: 'actual', productType: 'pcb', isFavorite: true },
  { key: 'power', client: 'es', owner: 'demo', title: 'Модуль питания 12 В', status: 'actual', productType: 'pcb', isFavorite: false },
  { key: 'sensor', client: 'es', owner: 'demo', title: 'Датчик температуры ДТ-3', status: 'draft', productType: 'panel', isFavorite: false },
  { key: 'led', client: 'es', owner: 'demo', title: 'Контроллер LED-панели', status: 'draft', productType: 'mounting', isFavorite: false },
  { key: 'proto', client: 'es', owner: 'demo', title: 'Прототип платы связи (2023)', status: 'archive', productType: 'pcb', isFavorite: false },
  { key: 'amp', client: 'kuz', owner: 'demo', title: 'Усилитель звука УМ-50', status: 'actual', productType: 'mounting', isFavorite: true },
  { key: 'stencil', client: 'kuz', owner: 'demo', title: 'Трафарет для УМ-50', status: 'draft', productType: 'stencil', isFavorite: false },
  { key: 'radio', client: 'nii', owner: 'demo2fa', title: 'Радиомодуль 433 МГц', status: 'actual', productType: 'pcb', isFavorite: true },
];

export const DEMO_ORDERS: Array<{ client: ClientKey; number: string; status: string; isFavorite: boolean }> = [
  { client: 'es', number: 'ПП-2025-00101', status: 'waiting_for_payment', isFavorite: true },
  { client: 'es', number: 'ПП-2025-00102', status: 'on_check', isFavorite: false },
  { client: 'es', number: 'ПП-2025-00103', status: 'in_progress', isFavorite: false },
  { client: 'es', number: 'ПП-2025-00104', status: 'shipped', isFavorite: false },
  { client: 'kuz', number: 'ПП-2025-00105', status: 'in_stock', isFavorite: true },
  { client: 'kuz', number: 'ПП-2025-00106', status: 'waiting_for_payment', isFavorite: false },
  { client: 'nii', number: 'ПП-2025-00107', status: 'in_progress', isFavorite: false },
];

/**
 * One line priced at today's table (so the demo checkout goes through at once) and one not yet estimated, which
 * shows 'Оценка' until its quantity is changed and the line is priced.
 */
export const DEMO_CART: Array<{ user: UserKey; project: string; quantity: number; priced: boolean }> = [
  { user: 'demo', project: 'motor', quantity: 10, priced: true },
  { user: 'demo', project: 'amp', quantity: 5, priced: false },
];
