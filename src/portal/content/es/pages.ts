import type { DetailText } from '../types';

type Pages = Omit<DetailText, 'components' | 'solutions'>;

const pages: Pages = {
  labels: { viewDetail: 'Ver detalles', newTab: '(se abre en una pestaña nueva)', breadcrumb: 'Ruta de navegación' },
  guide: {
    intro: 'Del registro a la conexión con las interfaces, la facturación y el soporte: cómo usar la plataforma abierta en pocos minutos.',
    contents: 'Índice',
    empty: 'La guía se está preparando. Vuelva más tarde o llame a la línea de atención.',
  },
  notFound: {
    title: 'Página no encontrada',
    text: 'Es posible que la página se haya movido o ya no exista. Vuelva a la página de inicio para seguir navegando.',
    back: 'Volver al inicio',
  },
  componentNames: {
    TMS02: { name: 'Despacho inteligente', summary: 'División y agrupación de pedidos y emparejamiento de cargas' },
    TMS03: { name: 'Bolsa de capacidad', summary: 'Registro y calificación de conductores, vehículos y transportistas' },
    TMS04: { name: 'Entregas e incidencias', summary: 'Prueba de entrega electrónica y gestión de incidencias' },
    PAY02: { name: 'Cloud Enterprise Pay', summary: 'Subcuentas conectadas al banco para cada cliente' },
    PAY03: { name: 'Centro de conciliación', summary: 'Conciliación automática de envíos, pagos y facturas' },
    PAY04: { name: 'Combustible y telepeaje', summary: 'Recargas de tarjetas de combustible y facturas de peaje' },
    TAX02: { name: 'Facturación electrónica', summary: 'Emisión, verificación y archivo de facturas digitales' },
    TAX03: { name: 'Declaración de la renta', summary: 'Ingresos de conductores sumados y declarados' },
    TAX04: { name: 'Envío al regulador', summary: 'Envíos y pagos comunicados automáticamente' },
    LOC02: { name: 'Geocercas', summary: 'Llegadas y salidas detectadas en cada punto' },
    LOC03: { name: 'Impresión y escaneo', summary: 'Etiquetas, PDA y escáneres de anillo' },
    LOC04: { name: 'Monitorización de frío', summary: 'Temperatura y humedad de la carga con alertas' },
    VRF01: { name: 'Verificación de identidad', summary: 'Personas, vehículos, licencias y tarjetas cotejados' },
    MSG01: { name: 'Mensajería y SMS', summary: 'SMS, mensajes internos y push en un servicio' },
    OSS01: { name: 'Almacenamiento de archivos', summary: 'Imágenes de permisos y entregas, seguras' },
    CFG01: { name: 'Configuración de clientes', summary: 'Servicios, parámetros y precios por cliente' },
    AGT01: { name: 'Asistente de despacho', summary: 'Propone el mejor vehículo según posición y tarifa' },
    AGT02: { name: 'Asistente de atención', summary: 'Responde a conductores y cargadores a toda hora' },
    AGT03: { name: 'Asistente de revisión', summary: 'Comprueba pruebas de entrega, facturas y tickets' },
    AGT04: { name: 'Asistente de tarifas', summary: 'Tarifas de referencia según historial y combustible' },
    AGT05: { name: 'Asistente de auditoría', summary: 'Revisa envíos de alto riesgo y redacta informes' },
    AGT06: { name: 'Asistente de análisis', summary: 'Pregunte por su negocio en lenguaje natural' },
  },
  solutionNames: {
    transport: { name: 'Gestión del transporte de empresa', tagline: 'Planificación, ejecución y conciliación del transporte propio' },
    networkTransport: { name: 'Puesta en marcha de transporte en red', tagline: 'De la licencia al lanzamiento, en un solo servicio' },
    cargo: { name: 'Plataforma de graneles', tagline: 'Publicación de cargas, subastas y entrega garantizada' },
    coldChain: { name: 'Logística de frío', tagline: 'Transporte refrigerado con temperatura trazable' },
  },
  offeringPages: {
    core: {
      intro:
        'Los ocho componentes clave forman el conjunto completo más pequeño para el transporte en red: crear envíos, localizar vehículos, firmar contratos y leer documentos, y después pagar fletes, liquidar impuestos y controlar riesgos, todo a través de la pasarela abierta.',
      highlights: [
        { title: 'Utilizables por separado', text: 'Cada componente tiene su API y sus pantallas, y se contrata de forma independiente.' },
        {
          title: 'Hechos para trabajar juntos',
          text: 'Comparten los datos maestros del envío: combinarlos no exige desarrollo adicional.',
        },
        { title: 'Cumplimiento integrado', text: 'Las reglas del regulador están dentro de los componentes.' },
      ],
    },
    agent: {
      intro:
        'Los agentes de IA trabajan con los datos de envíos, rutas, pagos y documentos de la plataforma y entienden las reglas de la logística. Asumen el trabajo repetitivo en despacho, atención, revisión y auditoría, y las decisiones clave siempre las confirma una persona.',
      steps: [
        { title: 'Conectar datos', text: 'El agente accede a los datos que necesita, con los mismos permisos que el personal.' },
        { title: 'Definir el puesto', text: 'Elija una plantilla de agente y fije reglas y límites de aprobación.' },
        { title: 'Trabajar en equipo', text: 'El agente propone y explica; el personal confirma y todo queda registrado.' },
      ],
    },
    full: {
      intro: '24 componentes en seis grupos, todos a través de una misma pasarela: suscríbase a lo que necesite y pague por uso.',
      groupsLabel: 'Grupos de componentes',
    },
  },
  groups: {
    freight: { name: 'Transporte', intro: 'Todo el proceso de transporte, del pedido a la entrega.' },
    finance: { name: 'Fondos y liquidación', intro: 'Cuentas, pagos y conciliación seguros y conformes.' },
    tax: { name: 'Fiscalidad y cumplimiento', intro: 'Facturas, impuestos y envíos al regulador.' },
    iot: { name: 'IoT y localización', intro: 'Posicionamiento, geocercas, escaneo y sensores.' },
    trust: { name: 'Riesgo e identidad', intro: 'Control de riesgos, firma electrónica, OCR y verificación.' },
    open: { name: 'Integración', intro: 'Pasarela, mensajería, almacenamiento y configuración multicliente.' },
  },
  detailPage: {
    overview: 'Descripción',
    features: 'Funciones clave',
    scenarios: 'Presente en las soluciones',
    related: 'Componentes relacionados',
    consult: 'Consultar este componente',
    demo: 'Ver la demo del sistema',
    code: 'Código',
    group: 'Grupo',
  },
  solutionPage: {
    indexTitle: 'Soluciones',
    indexIntro:
      'Soluciones probadas para cada tipo de negocio logístico. Combine componentes según sus necesidades: arranque rápido y evolucione con su empresa.',
    pains: 'Retos del sector',
    capabilities: 'Qué ofrece la solución',
    results: 'Resultados de clientes',
    components: 'Componentes utilizados',
    consult: 'Solicitar información',
    more: 'Más soluciones',
  },
  showcasePages: {
    basicInfo: {
      summary:
        'Un único lugar para los datos maestros de clientes, cargadores, transportistas, vehículos, conductores, rutas y direcciones; todos los documentos los referencian.',
      features: [
        'Verificación de código fiscal y licencias',
        'Importación en lote con historial de cambios',
        'Aislamiento de datos entre organizaciones',
        'Diccionarios y numeraciones propios',
      ],
      sections: [],
    },
    pricing: {
      summary:
        'Precios de contrato, transporte y almacén en un mismo modelo. Envíos y operaciones de almacén se tarifican solos y cada cargo es explicable y trazable.',
      features: [
        'Precios escalonados por peso y volumen',
        'Vigencias y aprobación',
        'Simulación de precios y análisis de desviaciones',
        'Historial de cambios de precio',
      ],
      sections: [
        { title: 'Precios de contrato', text: 'Condiciones de liquidación, plazos de pago y revisiones de cada contrato.' },
        { title: 'Precios de transporte', text: 'Por ruta, tipo de vehículo, peso o volumen, con recargo de combustible.' },
        { title: 'Precios de almacén', text: 'Almacenaje, manipulación y clasificación por cantidad o superficie.' },
      ],
    },
    authority: {
      summary:
        'Permisos por roles que abarcan menús, botones y alcance de datos, para que personal de la plataforma, administradores de clientes y usuarios vean lo que necesitan.',
      features: [
        'Roles con permisos de menú y botón',
        'Alcance de datos por organización y cliente',
        'Historial de accesos y registro de operaciones',
        'Lista de teléfonos permitidos y de IP bloqueadas',
      ],
      sections: [],
    },
    statisticsReport: {
      summary:
        'Cifras del negocio por cliente, ruta y periodo: volumen de envíos, fletes, margen y plazos de entrega de un vistazo, con suscripción a informes programados.',
      features: ['Tablas dinámicas con desglose', 'Suscripción y envío programado', 'Exportación a Excel', 'Definiciones de indicadores'],
      sections: [],
    },
    interfaceService: {
      summary:
        'Cada componente está disponible como API REST con documentación en línea, entorno de pruebas y estadísticas. Los sistemas del cliente se conectan en días.',
      features: [
        'Documentación y pruebas en línea',
        'Entorno de pruebas con datos',
        'Peticiones firmadas y límites',
        'Supervisión de volumen y errores',
      ],
      sections: [],
    },
    packAlgorithm: {
      summary:
        'Calcula la mejor forma de cargar la mercancía según medidas, peso y límites de apilado, dibuja un plan 3D y aprovecha mejor cada contenedor.',
      features: [
        'Cargas mixtas de muchos tamaños',
        'Restricciones de peso y apilado',
        'Visualización 3D',
        'Exportación de la lista de carga',
      ],
      sections: [],
    },
    pathOptimize: {
      summary:
        'Planifica las mejores rutas para varios vehículos y paradas teniendo en cuenta ventanas horarias, carga, zonas restringidas y tráfico.',
      features: [
        'Rutas con varios vehículos y paradas',
        'Ventanas horarias y restricciones',
        'Comparación de distancia y coste',
        'Rutas enviadas al conductor con un clic',
      ],
      sections: [],
    },
    stowage: {
      summary: 'Asigna pedidos a vehículos según destino, tipo de carga y capacidad, equilibrando ocupación y orden de descarga.',
      features: ['Carga por volumen y peso', 'Orden de descarga optimizado', 'Ajuste manual de planes', 'Estadísticas de ocupación'],
      sections: [],
    },
    iot: {
      summary:
        'El centro de dispositivos conecta impresoras, PDA, escáneres de anillo y terminales de vehículo, y supervisa su estado en un solo lugar.',
      features: [
        'Registro y vinculación de dispositivos',
        'Estado en línea y batería',
        'Gestión de versiones de firmware',
        'Datos de trabajo en tiempo real',
      ],
      sections: [
        { title: 'Sistema de impresión', text: 'Etiquetas y albaranes con plantillas, en la nube o en local.' },
        { title: 'PDA y escáneres de anillo', text: 'Escaneo en carga, clasificación e inventario, también sin conexión.' },
        { title: 'Localización de vehículos', text: 'Terminales BeiDou y app del conductor envían la ruta en vivo.' },
      ],
    },
    paymentGateway: {
      summary:
        'Una sola conexión con varios bancos y entidades de pago autorizadas para cobros, pagos, repartos y devoluciones, con cada movimiento trazable.',
      features: [
        'Enrutamiento entre canales bancarios',
        'Pagos y repartos en lote',
        'Notificaciones de pago asíncronas',
        'Justificantes electrónicos recopilados',
      ],
      sections: [],
    },
    supervisionPlatform: {
      summary:
        'Para reguladores y equipos de cumplimiento: supervisión en vivo de envíos, vehículos y fondos, con pistas sobre cualquier anomalía.',
      features: [
        'Panel de supervisión',
        'Alertas tempranas de anomalías',
        'Seguimiento de envíos al regulador',
        'Material de inspección exportable',
      ],
      sections: [],
    },
    dataInsight: {
      summary:
        'Convierte los datos del negocio en conocimiento: aportación de clientes, rentabilidad de rutas, eficiencia de la capacidad y tendencias de riesgo.',
      features: ['Cuadro de mando directivo', 'Rentabilidad por cliente y ruta', 'Eficiencia de la capacidad', 'Tendencias de riesgo'],
      sections: [],
    },
    tripartite: {
      summary:
        'Conecta seguros, telepeaje, tarjetas de combustible, mapas, SMS y otros servicios de terceros con una configuración, una factura y un registro.',
      features: [
        'Alta y configuración de servicios de terceros',
        'Registro de llamadas y costes',
        'Supervisión de disponibilidad',
        'Configuración propia por cliente',
      ],
      sections: [],
    },
  },
  showcase: {
    title: 'Demo del sistema',
    menuLabel: 'Menú de la demo',
    features: 'Funciones principales',
    open: 'Probar en la consola',
    openHint: 'La consola requiere iniciar sesión; primero verá la página de acceso.',
    groups: {
      basic: 'Gestión básica',
      interface: 'Interfaces',
      algorithm: 'Algoritmos',
      iot: 'Dispositivos IoT',
      payment: 'Pagos',
      supervision: 'Supervisión',
      dataInsight: 'Análisis de datos',
      tripartite: 'Terceros',
    },
    leaves: {
      basicInfo: 'Datos maestros',
      pricing: 'Precios',
      authority: 'Permisos',
      statisticsReport: 'Informes',
      interfaceService: 'Servicios API',
      packAlgorithm: 'Carga inteligente',
      pathOptimize: 'Optimización de rutas',
      stowage: 'Estiba inteligente',
      I04_01: 'Sistema de impresión',
      I04_02: 'PDA y escáneres de anillo',
      I04_03: 'Localización de vehículos',
      paymentGateway: 'Pasarela de pagos',
      supervisionPlatform: 'Plataforma de supervisión',
      dataInsight: 'Análisis de datos',
      tripartite: 'Plataformas de terceros',
    },
  },
  about: {
    intro: [
      'Fundado en 2016 y con sede en Pekín, Shulian Technology Group cuenta con centros de desarrollo y servicio en Shanghái, Shenzhen, Chengdu y Wuhan. Construimos infraestructura para la cadena de suministro digital y fuimos de las primeras tecnológicas de China en obtener las habilitaciones de transporte en red y ofrecer componentes abiertos.',
      'Convertimos las capacidades de transporte en red, logística, pagos, impuestos y configuración de clientes en componentes estándar y los ofrecemos en una plataforma abierta a cargadores, transportistas, parques logísticos e instituciones financieras, para que se digitalicen con menos coste.',
    ],
    stats: [
      { value: '600+', label: 'Empleados' },
      { value: '70 %', label: 'Equipo técnico' },
      { value: '120+', label: 'Patentes y registros de software' },
      { value: '30', label: 'Provincias atendidas' },
    ],
    milestonesTitle: 'Trayectoria',
    milestones: [
      'Fundación; lanzamiento de los componentes de envíos y liquidación',
      'Sistema de transporte en red conectado a las primeras plataformas provinciales',
      'Lanzamiento de la plataforma abierta y suscripción a componentes',
      'Más de 1000 clientes; solución de parque inteligente',
      'Serie de agentes de IA y apertura de los 24 componentes',
    ],
    contactIntro: 'Preguntas sobre productos, soluciones o alianzas: estaremos encantados de atenderle.',
    hours: 'Horario de atención',
    hoursText: 'De lunes a domingo, 8:00-22:00 (UTC+8)',
    email: 'Alianzas',
    consult: 'Consúltenos',
    ecologyIntro:
      'Construimos un ecosistema abierto con socios de banca, seguros, energía, cartografía y confianza digital, para que el cliente obtenga un servicio completo con una sola integración.',
    modes: [
      { title: 'Socios tecnológicos', text: 'Capacidades conectadas y soluciones conjuntas para el sector.' },
      { title: 'Socios de canal', text: 'Socios regionales y sectoriales que comparten clientes e ingresos.' },
      { title: 'Servicios del ecosistema', text: 'Servicios de terceros en la plataforma con facturación unificada.' },
    ],
    partnersTitle: 'Socios',
    partners: [
      'Banco Huaxin',
      'Seguros Antu',
      'Mapas Yuntu',
      'Zhonglian Pay',
      'Zhiqian CA',
      'Tongda ETC',
      'Puertos Yuanhang',
      'Energía Beichen',
    ],
  },
};

export default pages;
