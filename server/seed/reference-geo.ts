/** Countries and regions: the countries customers order from most, with their regions. */
export const COUNTRIES = [
  { id: 1, name: 'Россия', nameEn: 'Russia' },
  { id: 2, name: 'Беларусь', nameEn: 'Belarus' },
  { id: 3, name: 'Казахстан', nameEn: 'Kazakhstan' },
  { id: 4, name: 'Армения', nameEn: 'Armenia' },
  { id: 5, name: 'Киргизия', nameEn: 'Kyrgyzstan' },
  { id: 6, name: 'Узбекистан', nameEn: 'Uzbekistan' },
  { id: 7, name: 'Таджикистан', nameEn: 'Tajikistan' },
  { id: 8, name: 'Азербайджан', nameEn: 'Azerbaijan' },
  { id: 9, name: 'Грузия', nameEn: 'Georgia' },
  { id: 10, name: 'Китай', nameEn: 'China' },
  { id: 11, name: 'Сербия', nameEn: 'Serbia' },
];

const RUSSIA: Array<[string, string]> = [
  ['Москва', 'Moscow'],
  ['Санкт-Петербург', 'Saint Petersburg'],
  ['Московская область', 'Moscow Oblast'],
  ['Ленинградская область', 'Leningrad Oblast'],
  ['Новосибирская область', 'Novosibirsk Oblast'],
  ['Свердловская область', 'Sverdlovsk Oblast'],
  ['Республика Татарстан', 'Republic of Tatarstan'],
  ['Нижегородская область', 'Nizhny Novgorod Oblast'],
  ['Самарская область', 'Samara Oblast'],
  ['Ростовская область', 'Rostov Oblast'],
  ['Краснодарский край', 'Krasnodar Krai'],
  ['Челябинская область', 'Chelyabinsk Oblast'],
  ['Омская область', 'Omsk Oblast'],
  ['Пермский край', 'Perm Krai'],
  ['Воронежская область', 'Voronezh Oblast'],
  ['Волгоградская область', 'Volgograd Oblast'],
  ['Красноярский край', 'Krasnoyarsk Krai'],
  ['Республика Башкортостан', 'Republic of Bashkortostan'],
  ['Тюменская область', 'Tyumen Oblast'],
  ['Томская область', 'Tomsk Oblast'],
  ['Калининградская область', 'Kaliningrad Oblast'],
  ['Приморский край', 'Primorsky Krai'],
  ['Иркутская область', 'Irkutsk Oblast'],
  ['Ярославская область', 'Yaroslavl Oblast'],
  ['Тульская область', 'Tula Oblast'],
  ['Калужская область', 'Kaluga Oblast'],
  ['Владимирская область', 'Vladimir Oblast'],
  ['Рязанская область', 'Ryazan Oblast'],
];

const BELARUS: Array<[string, string]> = [
  ['Минск', 'Minsk'],
  ['Минская область', 'Minsk Region'],
  ['Брестская область', 'Brest Region'],
  ['Витебская область', 'Vitebsk Region'],
  ['Гомельская область', 'Gomel Region'],
  ['Гродненская область', 'Grodno Region'],
  ['Могилёвская область', 'Mogilev Region'],
];

const KAZAKHSTAN: Array<[string, string]> = [
  ['Алматы', 'Almaty'],
  ['Астана', 'Astana'],
  ['Карагандинская область', 'Karaganda Region'],
];

export const REGIONS = [
  ...RUSSIA.map(([name, nameEn]) => ({ name, nameEn, countryId: 1 })),
  ...BELARUS.map(([name, nameEn]) => ({ name, nameEn, countryId: 2 })),
  ...KAZAKHSTAN.map(([name, nameEn]) => ({ name, nameEn, countryId: 3 })),
].map((region, index) => ({ id: index + 1, ...region }));
