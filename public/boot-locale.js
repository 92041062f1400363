// The splash in index.html speaks the language the app is about to show: the /en prefix, else the remembered choice
// (the `locale` cookie), else Russian, as detectLocale in src/services/i18n.ts decides. No module, no dependency.
(function () {
  var path = window.location.pathname;
  var english = path === '/en' || path.indexOf('/en/') === 0;
  var remembered = /(?:^|;\s*)locale=(ru|en)(?:;|$)/.exec(document.cookie);
  document.documentElement.lang = english ? 'en' : remembered ? remembered[1] : 'ru';
})();
