/** Province-level regions by code: Chinese name, and the pinyin name other languages show. */
export const PROVINCES: Record<string, [string, string]> = {
  110000: ['北京市', 'Beijing'],
  120000: ['天津市', 'Tianjin'],
  130000: ['河北省', 'Hebei'],
  140000: ['山西省', 'Shanxi'],
  150000: ['内蒙古自治区', 'Inner Mongolia'],
  210000: ['辽宁省', 'Liaoning'],
  220000: ['吉林省', 'Jilin'],
  230000: ['黑龙江省', 'Heilongjiang'],
  310000: ['上海市', 'Shanghai'],
  320000: ['江苏省', 'Jiangsu'],
  330000: ['浙江省', 'Zhejiang'],
  340000: ['安徽省', 'Anhui'],
  350000: ['福建省', 'Fujian'],
  360000: ['江西省', 'Jiangxi'],
  370000: ['山东省', 'Shandong'],
  410000: ['河南省', 'Henan'],
  420000: ['湖北省', 'Hubei'],
  430000: ['湖南省', 'Hunan'],
  440000: ['广东省', 'Guangdong'],
  450000: ['广西壮族自治区', 'Guangxi'],
  460000: ['海南省', 'Hainan'],
  500000: ['重庆市', 'Chongqing'],
  510000: ['四川省', 'Sichuan'],
  520000: ['贵州省', 'Guizhou'],
  530000: ['云南省', 'Yunnan'],
  540000: ['西藏自治区', 'Xizang (Tibet)'],
  610000: ['陕西省', 'Shaanxi'],
  620000: ['甘肃省', 'Gansu'],
  630000: ['青海省', 'Qinghai'],
  640000: ['宁夏回族自治区', 'Ningxia'],
  650000: ['新疆维吾尔自治区', 'Xinjiang'],
  710000: ['台湾省', 'Taiwan'],
  810000: ['香港特别行政区', 'Hong Kong'],
  820000: ['澳门特别行政区', 'Macao'],
};

export const provinceName = (code: string, lang: string): string => {
  const names = PROVINCES[code];
  if (!names) return code;
  return lang.toLowerCase().startsWith('zh') ? names[0] : names[1];
};
