// antd's pickers name months and weekdays through dayjs, in the locale antd's locale names (zh-cn, es,
// ja). A locale dayjs has not loaded falls back to English, which left "Su Mo" and "Jan" in the
// Chinese calendar. Loading them registers them; nothing else is needed.
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
