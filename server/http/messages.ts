/** Server-side texts of error answers and delivered messages, in the two locales of the app. */
export type Lang = 'ru' | 'en';

type Params = Record<string, string | number>;
type Text = string | ((p: Params) => string);

const ru = {
  fieldMissing: (p: Params) => `Поле «${p.field}» обязательно`,
  fieldUnknown: (p: Params) => `Неизвестное поле «${p.field}»`,
  fieldType: (p: Params) => `Поле «${p.field}» должно быть ${p.expected}`,
  fieldTooLong: (p: Params) => `Поле «${p.field}» слишком длинное: не больше ${p.max} символов`,
  fieldTooShort: (p: Params) => `Поле «${p.field}» слишком короткое: не меньше ${p.min} символов`,
  fieldEmpty: (p: Params) => `Поле «${p.field}» не должно быть пустым`,
  fieldFormat: (p: Params) => `Поле «${p.field}» имеет неверный формат`,
  fieldValue: (p: Params) => `Недопустимое значение поля «${p.field}»`,
  fieldNul: (p: Params) => `Поле «${p.field}» содержит недопустимый символ`,
  fieldRange: (p: Params) => `Поле «${p.field}» должно быть от ${p.min} до ${p.max}`,
  fieldItems: (p: Params) => `В поле «${p.field}» должно быть от ${p.min} до ${p.max} элементов`,
  bodyNotObject: 'Тело запроса должно быть JSON-объектом',
  badJson: 'Тело запроса не является корректным JSON',
  badRequest: 'Некорректный запрос',
  bodyTooLarge: 'Слишком большой запрос',
  unsupportedMedia: 'Неподдерживаемый тип содержимого: ожидается application/json',
  notFound: 'Не найдено',
  internal: 'Внутренняя ошибка сервера',
  tokenMissing: 'Требуется вход',
  tokenInvalid: 'Сессия недействительна или истекла, войдите снова',
  tokenReused: 'Токен уже был обновлён: сессия завершена из соображений безопасности',
  loginFailed: 'Неверный логин или пароль',
  strangerFailed: 'Неверный логин или ключ',
  rateLimited: (p: Params) => `Слишком много попыток. Повторите через ${p.minutes} мин.`,
  processNotFound: 'Процесс не найден или истёк, начните заново',
  factorUnavailable: 'Этот способ получения кода недоступен для учётной записи',
  resendTooSoon: (p: Params) => `Новый код можно запросить через ${p.seconds} с`,
  sendsExceeded: 'Код запрашивался слишком много раз, начните заново',
  codeNotRequested: 'Сначала запросите код',
  codeExpired: 'Срок действия кода истёк, запросите новый код',
  codeWrong: (p: Params) => `Неверный код. Осталось попыток: ${p.left}`,
  codeAttemptsExceeded: 'Слишком много неверных попыток, запросите новый код',
  codeUsed: 'Код уже использован, запросите новый код',
  phoneTaken: 'Этот номер телефона уже зарегистрирован',
  emailTaken: 'Этот e-mail уже зарегистрирован',
  phoneAlreadyConfirmed: 'Телефон уже подтверждён, укажите e-mail',
  phoneNotConfirmed: 'Сначала подтвердите номер телефона',
  emailNotConfirmed: 'Сначала подтвердите e-mail',
  emailAlreadyConfirmed: 'E-mail уже подтверждён, задайте пароль',
  registrationFinished: 'Регистрация по этому процессу уже завершена, начните заново',
  resetCodeInvalid: 'Неверный или устаревший код восстановления',
  oldPasswordWrong: 'Неверный текущий пароль',
  sessionNotFound: 'Сессия не найдена',
  clientNotFound: 'Клиент не найден',
  notificationNotFound: 'Уведомление не найдено',
  roleTooLow: 'Недостаточно прав: это могут делать только владелец и администраторы клиента',
  // clients messages (issue 5)
  // access messages (issue 5)
  // counteragents messages (issue 5)
  // credentials messages (issue 5)
  smsBody: (p: Params) => `Код подтверждения PCB Portal: ${p.code}. Никому его не сообщайте.`,
  smsSubject: 'SMS',
  callSubject: 'Звонок',
  callBody: (p: Params) => `Входящий звонок с номера ${p.caller}. Последние 4 цифры номера — код подтверждения.`,
  emailCodeSubject: 'Код подтверждения PCB Portal',
  emailCodeBody: (p: Params) => `Ваш код подтверждения: ${p.code}. Он действует ${p.minutes} мин.`,
  resetSubject: 'Восстановление пароля PCB Portal',
  resetBody: (p: Params) =>
    `Код для восстановления пароля: ${p.code}. Он действует ${p.minutes} мин.\nИли перейдите по ссылке: ${p.link}\n` +
    'Если вы не запрашивали восстановление, просто проигнорируйте письмо.',
} satisfies Record<string, Text>;

export type MessageKey = keyof typeof ru;

const en: Record<MessageKey, Text> = {
  fieldMissing: (p) => `Field '${p.field}' is required`,
  fieldUnknown: (p) => `Unknown field '${p.field}'`,
  fieldType: (p) => `Field '${p.field}' must be ${p.expected}`,
  fieldTooLong: (p) => `Field '${p.field}' is too long: at most ${p.max} characters`,
  fieldTooShort: (p) => `Field '${p.field}' is too short: at least ${p.min} characters`,
  fieldEmpty: (p) => `Field '${p.field}' must not be empty`,
  fieldFormat: (p) => `Field '${p.field}' has an invalid format`,
  fieldValue: (p) => `Field '${p.field}' has an invalid value`,
  fieldNul: (p) => `Field '${p.field}' contains a forbidden character`,
  fieldRange: (p) => `Field '${p.field}' must be from ${p.min} to ${p.max}`,
  fieldItems: (p) => `Field '${p.field}' must hold from ${p.min} to ${p.max} items`,
  bodyNotObject: 'The request body must be a JSON object',
  badJson: 'The request body is not valid JSON',
  badRequest: 'Bad request',
  bodyTooLarge: 'The request is too large',
  unsupportedMedia: 'Unsupported content type: application/json expected',
  notFound: 'Not found',
  internal: 'Internal server error',
  tokenMissing: 'Sign-in required',
  tokenInvalid: 'The session is invalid or has expired, please sign in again',
  tokenReused: 'This token was already refreshed: the session has been ended for safety',
  loginFailed: 'Wrong login or password',
  strangerFailed: 'Wrong login or key',
  rateLimited: (p) => `Too many attempts. Try again in ${p.minutes} min.`,
  processNotFound: 'The process was not found or has expired, please start again',
  factorUnavailable: 'This way of receiving a code is not available for the account',
  resendTooSoon: (p) => `A new code can be requested in ${p.seconds} s`,
  sendsExceeded: 'A code was requested too many times, please start again',
  codeNotRequested: 'Request a code first',
  codeExpired: 'The code has expired, request a new code',
  codeWrong: (p) => `Wrong code. Attempts left: ${p.left}`,
  codeAttemptsExceeded: 'Too many wrong attempts, request a new code',
  codeUsed: 'The code has already been used, request a new code',
  phoneTaken: 'This phone number is already registered',
  emailTaken: 'This e-mail is already registered',
  phoneAlreadyConfirmed: 'The phone is already confirmed, enter your e-mail',
  phoneNotConfirmed: 'Confirm your phone number first',
  emailNotConfirmed: 'Confirm your e-mail first',
  emailAlreadyConfirmed: 'The e-mail is already confirmed, set a password',
  registrationFinished: 'This registration is already finished, please start again',
  resetCodeInvalid: 'Wrong or outdated recovery code',
  oldPasswordWrong: 'The current password is wrong',
  sessionNotFound: 'Session not found',
  clientNotFound: 'Client not found',
  notificationNotFound: 'Notification not found',
  roleTooLow: 'Not allowed: only the owner and administrators of the client can do this',
  // clients messages (issue 5)
  // access messages (issue 5)
  // counteragents messages (issue 5)
  // credentials messages (issue 5)
  smsBody: (p) => `PCB Portal confirmation code: ${p.code}. Do not share it with anyone.`,
  smsSubject: 'SMS',
  callSubject: 'Call',
  callBody: (p) => `Incoming call from ${p.caller}. The last 4 digits of the number are the confirmation code.`,
  emailCodeSubject: 'PCB Portal confirmation code',
  emailCodeBody: (p) => `Your confirmation code: ${p.code}. It is valid for ${p.minutes} min.`,
  resetSubject: 'PCB Portal password recovery',
  resetBody: (p) =>
    `Password recovery code: ${p.code}. It is valid for ${p.minutes} min.\nOr follow the link: ${p.link}\n` +
    'If you did not ask to recover your password, ignore this e-mail.',
};

const catalogue: Record<Lang, Record<MessageKey, Text>> = { ru, en };

export function translate(lang: Lang, key: MessageKey, params: Params = {}): string {
  const text = catalogue[lang][key];
  return typeof text === 'function' ? text(params) : text;
}

/** The first language of Accept-Language decides; anything but English gets Russian, the default locale. */
export function pickLang(acceptLanguage: string | undefined): Lang {
  return /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'ru';
}

/** Expected-type words for type mismatches. */
export const typeNames: Record<Lang, Record<string, string>> = {
  ru: { string: 'строкой', number: 'числом', boolean: 'логическим значением', object: 'объектом', array: 'массивом', integer: 'целым числом', entityId: 'положительным целым числом' },
  en: { string: 'a string', number: 'a number', boolean: 'a boolean', object: 'an object', array: 'an array', integer: 'an integer', entityId: 'a positive integer' },
};
