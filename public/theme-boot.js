// Applies the saved theme colour before the first paint, so a reload never flashes the default blue.
(function () {
  try {
    var m = document.cookie.match(/(?:^|;\s*)themeColor=([^;]+)/);
    var c = m ? decodeURIComponent(m[1]) : '';
    if (/^#[0-9a-fA-F]{6}$/.test(c)) document.documentElement.style.setProperty('--theme-color', c);
  } catch (e) {
    /* cookies unavailable: keep the default */
  }
})();
