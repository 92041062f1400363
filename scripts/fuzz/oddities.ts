/** The values the fuzz puts where the contract expects something else: each list is one family of trouble. */

export const ODD_NUMBERS = [
  2147483648, 2147483647, -2147483648, -2147483649, -1, 0, 1.5, -0.5, 1e308, -1e308, 2 ** 53, 5e-324, 1e21,
  123456789012, 4294967296,
];

/** Number literals JSON.parse turns into something a number check may not expect (Infinity, -0, lost precision). */
export const ODD_NUMBER_LITERALS = [
  '1e999',
  '-1e999',
  '-0',
  '1E400',
  '0.0000000000000000000000001',
  '123456789012345678901234567890',
  '2.0',
  '9007199254740993',
];

export const ODD_STRINGS = [
  '\ud800', 'a\udc00b', '\udbff', '\u0000', 'a\u0000b', '\u202e\u202d', '\ufeff', '\uffff', '\ufffe', 'e\u0301\u0301\u0301',
  '👨‍👩‍👧‍👦', '\u2028\u2029', 'İıß', '\u{10ffff}', '\u00a0', ' ', '\t\n\r', "'; drop table users; --", '<script>alert(1)</script>',
  '../../etc/passwd', '%00', '${7*7}', '\\', '"', 'Ω'.repeat(300), '𝔘'.repeat(130), '0', '-1', '2147483648', 'null', 'true',
  '2025-02-30T25:61:00Z', 'not@an@email', '+7999', '0000000000', 'x'.repeat(255), 'я'.repeat(1000),
];

/** Whatever JSON can hold, for a field of another type. */
export const ODD_VALUES: unknown[] = [null, true, false, 0, '', 'x', [], {}, [1, 2], { a: 1 }, [[]], [null], { '': '' }, 1.5];

/** Keys a body should not be able to smuggle in. */
export const ODD_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'role', 'userId', 'id', '', ' ', '\ud800', 'a.b', '$where'];

/** Bodies that are not JSON, or JSON of the wrong kind. */
export const BAD_JSON_TEXTS = [
  '{', '}', '{"a":1,}', '{"a":}', "{'a':1}", 'NaN', 'Infinity', 'undefined', 'null', '[]', '"text"', '123', 'true',
  '\ufeff{}', '{"a":1}{"b":2}', '{"a":1} x', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"a":"\\x41"}', '{"a":01}', '{"a":.5}', '{"a":+1}', '{"a":1e}', '\u0000',
  '{"a":"unterminated}', '{"a":"\n"}', '/* comment */ {}', ' ', '\n\n',
];

/** Content types the API does not take (or takes in a form that must not confuse it). */
export const ODD_CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1',
  'application/jsonx', 'application/xml', 'application/json, text/plain', '',
];

/** Query-string values, already URL-encoded where they need to be. */
export const ODD_QUERY_VALUES = [
  '2147483648', '99999999999999999999', '-1', '0', '1e3', '0x10', '%201', '1.0', '1%00', '%ED%A0%80', '%FF%FE', '%F0%9F%98%80',
  '%', '%%', '%E2%80%AE', 'x'.repeat(5000), '', 'null', '[]', '%7B%7D', '1,2', '00000000-0000-4000-8000-00000000000G',
];

/** Whole query strings that are odd in themselves. */
export const ODD_QUERY_STRINGS = ['&&&', '=', '==1', 'a[b]=1', '__proto__=x', 'constructor[prototype]=1', '%', '?', '#', ';'];
