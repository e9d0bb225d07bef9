/**
 * Reference data for the freight demo generator: logistics hubs with their GB/T 2260 codes and
 * coordinates, plate prefixes, names, banks. Plain data, no I/O.
 */

export interface Hub {
  /** Province, city and county (district) codes, GB/T 2260: uploads to the ministry need all three. */
  region: string[];
  name: string;
  lng: number;
  lat: number;
  /** Plate prefix: province character and city letter(s) issued there. */
  plate: string[];
  /** Six-digit area code used in credit codes and permits. */
  area: string;
}

const hub = (region: string[], name: string, lng: number, lat: number, plate: string[]): Hub =>
  ({ region, name, lng, lat, plate, area: region[region.length - 1] });

export const HUBS: Record<string, Hub> = {
  shanghai: hub(['310000', '310100', '310115'], '上海', 121.47, 31.23, ['沪A', '沪B', '沪D', '沪F']),
  shanghaiJd: hub(['310000', '310100', '310114'], '上海嘉定', 121.25, 31.38, ['沪A', '沪B']),
  suzhou: hub(['320000', '320500', '320507'], '苏州', 120.58, 31.30, ['苏E']),
  wuxi: hub(['320000', '320200', '320206'], '无锡', 120.31, 31.49, ['苏B']),
  nanjing: hub(['320000', '320100', '320115'], '南京', 118.80, 32.06, ['苏A']),
  nantong: hub(['320000', '320600', '320612'], '南通', 120.89, 31.98, ['苏F']),
  changzhou: hub(['320000', '320400', '320412'], '常州', 119.97, 31.81, ['苏D']),
  hangzhou: hub(['330000', '330100', '330110'], '杭州', 120.16, 30.27, ['浙A']),
  ningbo: hub(['330000', '330200', '330206'], '宁波', 121.55, 29.87, ['浙B']),
  jiaxing: hub(['330000', '330400', '330402'], '嘉兴', 120.76, 30.75, ['浙F']),
  jinhua: hub(['330000', '330700', '330703'], '金华', 119.65, 29.08, ['浙G']),
  hefei: hub(['340000', '340100', '340111'], '合肥', 117.23, 31.82, ['皖A']),
  wuhu: hub(['340000', '340200', '340207'], '芜湖', 118.43, 31.35, ['皖B']),
  chengdu: hub(['510000', '510100', '510116'], '成都', 104.07, 30.57, ['川A']),
  chengduLq: hub(['510000', '510100', '510112'], '成都龙泉驿', 104.27, 30.56, ['川A']),
  mianyang: hub(['510000', '510700', '510703'], '绵阳', 104.68, 31.47, ['川B']),
  deyang: hub(['510000', '510600', '510603'], '德阳', 104.40, 31.13, ['川F']),
  chongqing: hub(['500000', '500100', '500112'], '重庆', 106.55, 29.56, ['渝A', '渝B', '渝D']),
  chongqingJlp: hub(['500000', '500100', '500107'], '重庆九龙坡', 106.51, 29.50, ['渝A', '渝B']),
  guiyang: hub(['520000', '520100', '520115'], '贵阳', 106.63, 26.65, ['贵A']),
  zunyi: hub(['520000', '520300', '520303'], '遵义', 106.93, 27.73, ['贵C']),
  kunming: hub(['530000', '530100', '530111'], '昆明', 102.83, 24.88, ['云A']),
  qujing: hub(['530000', '530300', '530302'], '曲靖', 103.80, 25.49, ['云D']),
  nanning: hub(['450000', '450100', '450108'], '南宁', 108.37, 22.82, ['桂A']),
  beijing: hub(['110000', '110100', '110112'], '北京', 116.40, 39.90, ['京A']),
  tianjin: hub(['120000', '120100', '120116'], '天津', 117.20, 39.08, ['津A']),
  guangzhou: hub(['440000', '440100', '440111'], '广州', 113.26, 23.13, ['粤A']),
  shenzhen: hub(['440000', '440300', '440306'], '深圳', 114.06, 22.54, ['粤B']),
  dongguan: hub(['440000', '441900', '441904'], '东莞', 113.75, 23.02, ['粤S']),
  foshan: hub(['440000', '440600', '440605'], '佛山', 113.12, 23.02, ['粤E']),
  wuhan: hub(['420000', '420100', '420111'], '武汉', 114.31, 30.59, ['鄂A']),
  changsha: hub(['430000', '430100', '430111'], '长沙', 112.94, 28.23, ['湘A']),
  zhengzhou: hub(['410000', '410100', '410105'], '郑州', 113.63, 34.75, ['豫A']),
  xian: hub(['610000', '610100', '610112'], '西安', 108.94, 34.34, ['陕A']),
  jinan: hub(['370000', '370100', '370112'], '济南', 117.12, 36.65, ['鲁A']),
  qingdao: hub(['370000', '370200', '370211'], '青岛', 120.38, 36.07, ['鲁B']),
  xiamen: hub(['350000', '350200', '350206'], '厦门', 118.09, 24.48, ['闽D']),
  nanchang: hub(['360000', '360100', '360112'], '南昌', 115.86, 28.68, ['赣A']),
  lanzhou: hub(['620000', '620100', '620105'], '兰州', 103.83, 36.06, ['甘A']),
  urumqi: hub(['650000', '650100', '650106'], '乌鲁木齐', 87.62, 43.83, ['新A']),
  tangshan: hub(['130000', '130200', '130203'], '唐山', 118.18, 39.63, ['冀B']),
  shenyang: hub(['210000', '210100', '210106'], '沈阳', 123.43, 41.80, ['辽A']),
};

export type HubName = keyof typeof HUBS;

/** Where each organisation's shippers and carriers are based, and where their freight goes (weights). */
export const PARTY_GEO: Record<string, { home: HubName[]; dest: [HubName, number][] }> = {
  C1001: {
    home: ['shanghai', 'shanghaiJd', 'suzhou', 'wuxi', 'nanjing', 'nantong', 'changzhou', 'hangzhou', 'ningbo', 'jiaxing', 'jinhua', 'hefei', 'wuhu'],
    dest: [['shanghai', 6], ['suzhou', 5], ['hangzhou', 5], ['nanjing', 5], ['ningbo', 4], ['hefei', 4], ['wuxi', 3], ['changzhou', 3], ['jinhua', 2],
      ['beijing', 3], ['tianjin', 2], ['guangzhou', 4], ['shenzhen', 3], ['dongguan', 2], ['wuhan', 4], ['changsha', 3], ['zhengzhou', 3], ['jinan', 3],
      ['qingdao', 2], ['xiamen', 2], ['nanchang', 2], ['chengdu', 2], ['chongqing', 2], ['xian', 2], ['shenyang', 1], ['tangshan', 1], ['urumqi', 1]],
  },
  C1002: {
    home: ['chengdu', 'chengduLq', 'mianyang', 'deyang', 'chongqing', 'chongqingJlp', 'guiyang', 'zunyi', 'kunming', 'qujing', 'nanning'],
    dest: [['chengdu', 6], ['chongqing', 6], ['guiyang', 4], ['kunming', 4], ['mianyang', 2], ['zunyi', 2], ['nanning', 2], ['xian', 3], ['lanzhou', 2],
      ['wuhan', 3], ['changsha', 3], ['guangzhou', 3], ['shenzhen', 2], ['foshan', 2], ['shanghai', 2], ['zhengzhou', 2], ['beijing', 1], ['urumqi', 1]],
  },
  P0001: {
    home: ['zhengzhou', 'wuhan', 'tianjin', 'beijing', 'jinan', 'xian'],
    dest: [['zhengzhou', 3], ['wuhan', 3], ['beijing', 3], ['tianjin', 3], ['jinan', 2], ['xian', 2], ['shanghai', 2], ['guangzhou', 2], ['changsha', 2],
      ['shenyang', 2], ['tangshan', 2], ['qingdao', 2], ['lanzhou', 1], ['hefei', 1]],
  },
};

export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split('');
export const MALE_GIVEN = ['建军', '国强', '志刚', '海涛', '永明', '晓东', '俊杰', '伟', '磊', '勇', '军', '强', '斌', '涛', '鹏', '宏伟', '德华', '春生', '玉林', '长江',
  '文斌', '红兵', '卫东', '金龙', '明辉', '立新', '振华', '家豪', '建华', '庆丰', '光明', '贵平', '成林', '世杰', '天佑', '浩然', '宇航', '少华', '新民', '大勇', '二虎', '满仓'];
export const FEMALE_GIVEN = ['秀英', '丽娟', '桂兰', '海燕', '静', '敏', '婷', '雪梅', '晓红', '玉兰', '小芳', '丹丹', '慧', '莉'];

/** County-level codes of typical drivers' home counties. */
export const HOME_COUNTIES = ['341225', '341221', '341226', '341323', '341324', '411523', '411527', '411625', '411628', '411722', '320324', '320321', '320382',
  '370921', '371325', '371723', '130533', '130529', '510921', '511321', '511722', '510823', '500235', '500236', '520525', '520527', '530621', '530627',
  '430524', '431222', '421182', '421127', '360825', '450821'];

export const COMPANY_WORDS = ['恒瑞', '金桥', '华兴', '宏达', '中联', '鑫源', '盛世', '远航', '润丰', '永昌', '天成', '汇通', '博远', '众诚', '德盛', '安泰',
  '嘉禾', '鼎力', '万向', '聚鑫', '瑞丰', '海纳', '长荣', '兴业', '通达', '顺和', '锦程', '宝利', '华晟', '正昊', '凯越', '腾达', '启航', '荣昌', '泰和', '佳运'];

export const INDUSTRY_SUFFIX: Record<string, string[]> = {
  steel: ['钢材贸易有限公司', '特钢有限公司', '金属材料有限公司'],
  coal: ['能源有限公司', '煤业有限公司'],
  buildingMaterials: ['建材有限公司', '新型建材有限公司'],
  chemicals: ['化工有限公司', '新材料有限公司'],
  agriculture: ['粮油有限公司', '农产品有限公司'],
  fmcg: ['食品饮料有限公司', '日化用品有限公司', '商贸有限公司'],
  appliances: ['电器有限公司', '家电制造有限公司'],
  electronics: ['电子科技有限公司', '智能科技有限公司'],
  automotive: ['汽车零部件有限公司', '汽配有限公司'],
  machinery: ['机械制造有限公司', '重工有限公司'],
  coldChain: ['冷链食品有限公司', '冻品贸易有限公司'],
  furniture: ['家居有限公司', '家具制造有限公司'],
};

export const INDUSTRY_GOODS: Record<string, string> = {
  steel: 'steel', coal: 'coal', buildingMaterials: 'buildingMaterials', chemicals: 'chemicals', agriculture: 'grain', fmcg: 'fmcg',
  appliances: 'appliances', electronics: 'electronics', automotive: 'autoParts', machinery: 'machinery', coldChain: 'frozenFood', furniture: 'furniture',
};

export const GOODS_NAMES: Record<string, string[]> = {
  steel: ['热轧卷板', '螺纹钢', '冷轧薄板', '镀锌板卷', 'H 型钢'],
  coal: ['动力煤', '焦煤', '无烟煤块'],
  buildingMaterials: ['袋装水泥', '瓷砖', '石膏板', '预拌砂浆', '保温板'],
  chemicals: ['PVC 颗粒', '聚丙烯粒料', '钛白粉', '尿素（袋装）'],
  grain: ['小麦', '玉米', '大米', '菜籽油（桶装）'],
  fmcg: ['瓶装饮用水', '方便面', '洗衣液', '啤酒', '纸巾'],
  appliances: ['空调外机', '冰箱', '洗衣机', '电视机'],
  electronics: ['服务器机柜', '液晶面板', '锂电池组（非危）', '光伏组件'],
  autoParts: ['轮胎', '汽车座椅', '变速箱总成', '车门钣金件'],
  furniture: ['板式家具', '办公桌椅', '床垫'],
  frozenFood: ['冷冻猪肉', '速冻水饺', '冷冻鸡翅', '冰淇淋'],
  machinery: ['挖掘机配件', '数控机床', '减速机', '电机'],
};

export const STREETS = ['工业大道', '物流园路', '港城大道', '创业路', '长江路', '建设路', '人民路', '解放路', '滨江大道', '科技园路', '新华路', '中山路',
  '迎宾大道', '航空港大道', '保税区纬三路', '经开区五号路', '临港大道', '铁路货场路'];

/** Issuer prefix, card length and bank of debit cards drivers are paid on. */
export const BANKS: [string, number, string][] = [
  ['622848', 19, '中国农业银行'], ['621700', 19, '中国建设银行'], ['622202', 19, '中国工商银行'], ['621483', 16, '招商银行'],
  ['622262', 19, '交通银行'], ['621785', 19, '中国银行'], ['622188', 19, '中国邮政储蓄银行'], ['621799', 19, '中国建设银行'],
];

/** CNAPS bank codes (the first three digits of a branch's 12-digit code) of the banks above. */
const BANK_CODES: Record<string, string> = {
  中国工商银行: '102', 中国农业银行: '103', 中国银行: '104', 中国建设银行: '105', 交通银行: '301', 招商银行: '308', 中国邮政储蓄银行: '403',
};

/** The branch code (联行号) of a personal card's account branch: the bank's code and nine digits of the card, so it is stable per card. */
export const cnapsOf = (bankName: string, card: string): string | null => (BANK_CODES[bankName] ? `${BANK_CODES[bankName]}${card.slice(-9)}` : null);

export const PHONE_PREFIXES = ['138', '139', '137', '136', '135', '134', '150', '151', '152', '157', '158', '159', '182', '183', '187', '188', '130', '131',
  '132', '155', '156', '185', '186', '133', '153', '180', '181', '189', '177', '199', '198'];

/** Per-kilometre full-load rates (yuan) and payload (kg) by vehicle type and length. */
export const VEHICLE_SPECS: Record<string, { lengths: number[]; loadKg: [number, number]; rate: number; license: string }> = {
  tractor: { lengths: [13, 17.5], loadKg: [30000, 34000], rate: 5.6, license: 'A2' },
  flatbed: { lengths: [13, 17.5], loadKg: [30000, 34000], rate: 5.4, license: 'A2' },
  heavyVan: { lengths: [9.6], loadKg: [15000, 18000], rate: 3.9, license: 'B2' },
  refrigerated: { lengths: [9.6, 7.6], loadKg: [10000, 14000], rate: 5.1, license: 'B2' },
  dump: { lengths: [8.6], loadKg: [18000, 22000], rate: 4.6, license: 'B2' },
  mediumVan: { lengths: [6.8, 7.6], loadKg: [8000, 10000], rate: 2.9, license: 'B2' },
  lightVan: { lengths: [4.2], loadKg: [1500, 1800], rate: 2.2, license: 'C1' },
};

/** Vehicle types a kind of goods travels on, with weights. */
export const GOODS_VEHICLES: Record<string, [string, number][]> = {
  steel: [['tractor', 6], ['flatbed', 4]],
  coal: [['dump', 5], ['tractor', 5]],
  buildingMaterials: [['flatbed', 4], ['tractor', 3], ['heavyVan', 3]],
  chemicals: [['tractor', 6], ['heavyVan', 4]],
  grain: [['tractor', 6], ['heavyVan', 4]],
  fmcg: [['heavyVan', 5], ['mediumVan', 3], ['lightVan', 2]],
  appliances: [['heavyVan', 6], ['tractor', 3], ['mediumVan', 1]],
  electronics: [['heavyVan', 5], ['mediumVan', 3], ['lightVan', 2]],
  autoParts: [['heavyVan', 5], ['tractor', 3], ['mediumVan', 2]],
  furniture: [['heavyVan', 6], ['mediumVan', 4]],
  frozenFood: [['refrigerated', 10]],
  machinery: [['flatbed', 6], ['tractor', 4]],
};
