/** Reference lists of the manufacturer, in Russian with English names for the /en locale. */
const numbered = <T extends object>(items: T[]) => items.map((item, index) => ({ id: index + 1, ...item }));

export const CLIENT_ACTIVITIES = numbered([
  { name: 'Производство электроники', nameEn: 'Electronics manufacturing' },
  { name: 'НИОКР', nameEn: 'Research and development' },
  { name: 'Образование', nameEn: 'Education' },
  { name: 'Приборостроение', nameEn: 'Instrument engineering' },
  { name: 'Телекоммуникации', nameEn: 'Telecommunications' },
  { name: 'Автомобильная электроника', nameEn: 'Automotive electronics' },
  { name: 'Медицинская техника', nameEn: 'Medical equipment' },
  { name: 'Промышленная автоматизация', nameEn: 'Industrial automation' },
  { name: 'Торговля электронными компонентами', nameEn: 'Electronic components trade' },
  { name: 'Частное лицо, радиолюбитель', nameEn: 'Private person, hobbyist' },
  { name: 'Другое', nameEn: 'Other' },
]);

export const OFFICES = numbered([
  { name: 'Москва', nameEn: 'Moscow', address: 'Москва, ул. Складочная, д. 1, стр. 18', phone: '+7 (495) 120-45-67' },
  { name: 'Санкт-Петербург', nameEn: 'Saint Petersburg', address: 'Санкт-Петербург, ул. Кантемировская, д. 12, лит. А', phone: '+7 (812) 309-21-40' },
  { name: 'Новосибирск', nameEn: 'Novosibirsk', address: 'Новосибирск, ул. Станционная, д. 60/1', phone: '+7 (383) 207-18-90' },
  { name: 'Екатеринбург', nameEn: 'Yekaterinburg', address: 'Екатеринбург, ул. Фронтовых Бригад, д. 18', phone: '+7 (343) 288-77-31' },
]);

export const TAXCODE_TYPES = numbered([
  { name: 'ИНН', nameEn: 'INN (taxpayer number)' },
  { name: 'КПП', nameEn: 'KPP (registration reason code)' },
  { name: 'ОГРН', nameEn: 'OGRN (company registration number)' },
  { name: 'ОГРНИП', nameEn: 'OGRNIP (entrepreneur registration number)' },
  { name: 'УНП (Беларусь)', nameEn: 'UNP (Belarus)' },
  { name: 'БИН (Казахстан)', nameEn: 'BIN (Kazakhstan)' },
]);

export const ORGANIZATIONS = numbered([
  { name: 'ООО «ПСБ Технологии»', nameEn: 'PCB Technologies LLC' },
  { name: 'ООО «ПСБ Производство»', nameEn: 'PCB Production LLC' },
  { name: 'ООО «ПСБ Монтаж Сибирь»', nameEn: 'PCB Assembly Siberia LLC' },
]);

export const PROJECT_STATUSES = numbered([
  { code: 'actual', name: 'Доступны для заказа', nameEn: 'Available to order' },
  { code: 'draft', name: 'Черновики', nameEn: 'Drafts' },
  { code: 'archive', name: 'Архивные', nameEn: 'Archived' },
]);

export const ORDER_STATUSES = numbered([
  { code: 'waiting_for_payment', name: 'Ожидают оплаты', nameEn: 'Awaiting payment' },
  { code: 'on_check', name: 'Оформление', nameEn: 'Processing' },
  { code: 'in_progress', name: 'Изготовление', nameEn: 'In production' },
  { code: 'in_stock', name: 'На складе', nameEn: 'In stock' },
  { code: 'shipped', name: 'Отгружены', nameEn: 'Shipped' },
  { code: 'canceled', name: 'Отменены', nameEn: 'Canceled' },
]);

export const ORDER_LINE_STATUSES = numbered([
  { code: 'engineering', name: 'Инженерная проверка', nameEn: 'Engineering review' },
  { code: 'awaiting_payment', name: 'Ожидает оплаты', nameEn: 'Awaiting payment' },
  { code: 'in_production', name: 'В производстве', nameEn: 'In production' },
  { code: 'ready', name: 'Готова', nameEn: 'Ready' },
  { code: 'shipped', name: 'Отгружена', nameEn: 'Shipped' },
  { code: 'canceled', name: 'Отменена', nameEn: 'Canceled' },
]);

export const DELIVERY_METHODS = numbered([
  { code: 'express_post', name: 'Курьерская служба', nameEn: 'Express courier' },
  { code: 'pickup_point', name: 'Пункт выдачи заказов', nameEn: 'Pickup point' },
  { code: 'russian_post', name: 'Почта России', nameEn: 'Russian Post' },
  { code: 'warehouse', name: 'Самовывоз со склада', nameEn: 'Pickup from the warehouse' },
]);

export const DELIVERY_ENDPOINTS = numbered([
  { methodId: 2, name: 'ПВЗ «Бауманская»', nameEn: 'Baumanskaya pickup point', address: 'Москва, ул. Бауманская, д. 33/2, стр. 1' },
  { methodId: 2, name: 'ПВЗ «Петроградская»', nameEn: 'Petrogradskaya pickup point', address: 'Санкт-Петербург, Каменноостровский пр., д. 42' },
  { methodId: 2, name: 'ПВЗ «Академгородок»', nameEn: 'Akademgorodok pickup point', address: 'Новосибирск, Морской пр., д. 54' },
  { methodId: 4, name: 'Склад Москва', nameEn: 'Moscow warehouse', address: 'Москва, ул. Складочная, д. 1, стр. 18' },
  { methodId: 4, name: 'Склад Санкт-Петербург', nameEn: 'Saint Petersburg warehouse', address: 'Санкт-Петербург, ул. Кантемировская, д. 12, лит. А' },
]);

export const DIVISION_ENDPOINTS = numbered([
  { officeId: 1, name: 'Отдел продаж, Москва', nameEn: 'Sales department, Moscow', address: 'Москва, ул. Складочная, д. 1, стр. 18' },
  {
    officeId: 2,
    name: 'Отдел продаж, Санкт-Петербург',
    nameEn: 'Sales department, Saint Petersburg',
    address: 'Санкт-Петербург, ул. Кантемировская, д. 12, лит. А',
  },
  {
    officeId: 3,
    name: 'Производственная площадка, Новосибирск',
    nameEn: 'Production site, Novosibirsk',
    address: 'Новосибирск, ул. Станционная, д. 60/1',
  },
  {
    officeId: 4,
    name: 'Отдел продаж, Екатеринбург',
    nameEn: 'Sales department, Yekaterinburg',
    address: 'Екатеринбург, ул. Фронтовых Бригад, д. 18',
  },
  { officeId: null, name: 'Логистический центр', nameEn: 'Logistics centre', address: 'Московская область, г. Подольск, ул. Поливановская, д. 9' },
]);
