import type { SiteText } from '../types';

const site: SiteText = {
  meta: {
    companyName: 'Shulian Technology Group',
    productName: 'Plataforma abierta de cadena de suministro digital',
    slogan: 'Cada envío, fiable, controlado y liquidado',
  },
  nav: {
    home: 'Inicio',
    core: 'Componentes clave',
    agent: 'Agentes de IA',
    full: 'Catálogo',
    solutions: 'Soluciones',
    demo: 'Demo',
    about: 'Nosotros',
    guide: 'Guía',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    language: 'Idioma',
    login: 'Acceder',
    console: 'Consola',
    consult: 'Consúltenos',
    skipToContent: 'Ir al contenido',
    mainNav: 'Navegación principal',
  },
  side: { hotline: 'Línea de atención', consult: 'Consúltenos', top: 'Volver arriba', label: 'Contacto rápido' },
  home: {
    title: 'Inicio',
    banners: [
      {
        title: 'Plataforma abierta de cadena de suministro digital',
        subtitle:
          'Transporte en red, logística, pagos, impuestos y configuración de clientes: combine lo que necesite en una sola plataforma y póngala en marcha en apenas una semana.',
      },
      {
        title: 'Transporte en red conforme, en una sola integración',
        subtitle:
          'Cartas de porte, rutas, pagos y facturas enlazados de principio a fin, con envío automático de datos a las autoridades de transporte.',
      },
      {
        title: 'Los agentes de IA llegan a la planificación',
        subtitle: 'Asistentes de despacho, atención al cliente y revisión de documentos asumen el trabajo repetitivo de su equipo.',
      },
    ],
    primaryCta: 'Ver los componentes clave',
    secondaryCta: 'Solicitar una demo',
    carouselLabel: 'Novedades de la plataforma',
    slideLabel: 'Diapositiva {n}',
    offeringsTitle: 'Tres formas de construir',
    offeringsIntro:
      'Empiece con los ocho componentes clave, añada agentes de IA y amplíe al catálogo completo a medida que crezca su negocio.',
    coreTitle: 'Ocho componentes clave',
    coreIntro:
      'Los pasos esenciales del transporte en red, desde el pedido hasta la liquidación fiscal. Cada componente se integra por separado.',
    solutionsTitle: 'Soluciones sectoriales',
    solutionsIntro: 'Probadas en más de mil empresas logísticas: listas para usar y abiertas a una personalización profunda.',
    stats: [
      { value: '1200+', label: 'Empresas clientes' },
      { value: '800 000+', label: 'Vehículos conectados' },
      { value: '¥360 000 M', label: 'Fletes gestionados al año' },
      { value: '99,95 %', label: 'Disponibilidad del servicio' },
    ],
    aboutTitle: 'Sobre Shulian',
    aboutText:
      'Fundado en 2016, Shulian Technology Group desarrolla infraestructura para la cadena de suministro digital y ofrece componentes abiertos, seguros y conformes a cargadores, transportistas, parques logísticos e instituciones financieras.',
    ctaTitle: '¿Quiere ver cómo encaja la plataforma en su negocio?',
    ctaText: 'Cuéntenos lo que necesita y un consultor se pondrá en contacto con usted en un día hábil.',
  },
  offerings: {
    core: { title: 'Ocho componentes clave', subtitle: 'Bloques estándar para cada paso esencial del transporte en red' },
    agent: { title: 'Agentes de IA', subtitle: 'Colegas digitales que entienden la logística' },
    full: { title: 'Catálogo completo', subtitle: '24 componentes para transporte, fondos, impuestos, IoT, riesgo e integración' },
  },
  components: {
    TMS01: {
      name: 'Centro de cartas de porte',
      summary: 'Ciclo de vida completo del envío, con mercancía, ruta, fondos y factura trazables',
    },
    PAY01: { name: 'Liquidación y pagos', summary: 'Liquidación de fletes en línea con pagos directos al conductor' },
    TAX01: { name: 'Gestión fiscal delegada', summary: 'Facturas e impuestos gestionados en nombre de conductores autónomos' },
    LOC01: { name: 'Seguimiento de vehículos', summary: 'Posicionamiento BeiDou y por app, con rutas en vivo y en diferido' },
    RSK01: { name: 'Centro de control de riesgos', summary: 'Reglas y modelos para detectar envíos ficticios' },
    SGN01: { name: 'Contratos y firma electrónica', summary: 'Contratos de transporte firmados en línea con validez legal' },
    OCR01: { name: 'Reconocimiento de documentos (OCR)', summary: 'Identidad, permiso de conducir y de circulación leídos en segundos' },
    API01: { name: 'Pasarela de API abierta', summary: 'Autenticación, límites, firmas y medición de uso unificados' },
  },
  solutions: {
    ntocc: { name: 'Transporte en red', tagline: 'Operación conforme, fondos seguros, impuestos claros' },
    ctms: { name: 'Distribución urbana', tagline: 'Rutas, prueba de entrega y liquidación con múltiples paradas' },
    park: { name: 'Parque logístico inteligente', tagline: 'Accesos, aparcamiento y servicios del parque digitalizados' },
    wms: { name: 'Almacén inteligente', tagline: 'Inventario exacto, operaciones ágiles, almacén y reparto unidos' },
    twms: { name: 'Transporte multimodal', tagline: 'Carretera, ferrocarril y vía marítima en una sola carta de porte' },
    ntms: { name: 'Carga fraccionada', tagline: 'Operación precisa de delegaciones, líneas troncales y centros' },
  },
  about: { title: 'Nosotros', company: 'La empresa', contact: 'Contacto', ecology: 'Ecosistema' },
  footer: {
    products: 'Productos',
    solutions: 'Soluciones',
    company: 'Empresa',
    contact: 'Contacto',
    hotline: 'Línea de atención',
    email: 'Correo comercial',
    address: 'Dirección',
    addressText: 'Edificio 12, Parque de Software Zhongguancun Fase II, distrito de Haidian, Pekín',
    rights: 'Todos los derechos reservados.',
    icpLabel: 'Número de registro ICP',
  },
  common: {
    learnMore: 'Más información',
    viewAll: 'Ver todo',
    loading: 'Cargando…',
    compact: 'Vista compacta',
    detailed: 'Vista detallada',
  },
};

export default site;
