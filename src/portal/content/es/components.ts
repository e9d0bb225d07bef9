import type { DetailText } from '../types';

const components: DetailText['components'] = {
  TMS01: {
    description:
      'El centro de cartas de porte acompaña el pedido del cargador hasta la carta de porte del transportista y registra cada hito: carga, tránsito, descarga y entrega. Cada envío queda vinculado a su ruta, pagos y facturas, tal como exige el regulador.',
    features: [
      'Dividir, agrupar e importar pedidos en lote',
      'Estados del envío con hitos fechados',
      'Del envío a su ruta, pagos y facturas con un clic',
    ],
  },
  TMS02: {
    description:
      'El despacho inteligente propone un vehículo para cada pedido según la carga, la ruta y la posición en tiempo real, en modalidad de reclamo, asignación o subasta. El planificador ajusta sobre el mapa y el sistema recalcula coste y plazo al instante.',
    features: [
      'Emparejamiento de cargas que reduce los kilómetros en vacío',
      'Despacho por reclamo, asignación o subasta',
      'Tablero de despacho con alertas de retraso',
    ],
  },
  TMS03: {
    description:
      'La bolsa de capacidad reúne en un registro los vehículos propios, asociados y subcontratados, y controla automáticamente la caducidad de los permisos. Conductores y transportistas se califican por fiabilidad, puntualidad y reclamaciones.',
    features: [
      'Registro único de conductores, vehículos y transportistas',
      'Avisos de caducidad y suspensión automática',
      'Puntuación de desempeño y niveles de capacidad',
    ],
  },
  TMS04: {
    description:
      'El conductor fotografía la prueba de entrega en la app y el sistema lee la firma y la asocia al envío. Daños, retrasos y rechazos se registran, se asignan y se indemnizan en línea, con trazabilidad completa.',
    features: [
      'Prueba de entrega electrónica y control de originales',
      'Flujo de incidencias, responsabilidades y reclamaciones',
      'Estadísticas de plazos de entrega y de incidencias',
    ],
  },
  PAY01: {
    description:
      'Liquidación y pagos convierte cada envío en un flete por pagar y, tras su aprobación, lo abona en la tarjeta bancaria del transportista real. Admite pago anticipado, contra entrega o contra prueba de entrega, y reglas de reparto.',
    features: [
      'Aprobación de fletes y pagos en lote',
      'Reparto por reglas entre conductores, flotas y agentes',
      'Archivo automático de justificantes bancarios',
    ],
  },
  PAY02: {
    description:
      'Cloud Enterprise Pay abre para cada cliente una subcuenta custodiada por el banco mediante conexión directa, de modo que la plataforma nunca retiene fondos. Saldos, movimientos y justificantes se consultan en tiempo real.',
    features: [
      'Subcuentas custodiadas por el banco',
      'Recargas, retiradas y saldos en tiempo real',
      'Justificantes electrónicos y extractos descargables',
    ],
  },
  PAY03: {
    description:
      'El centro de conciliación compara cada día los fletes por pagar, los movimientos bancarios y las facturas emitidas, y envía cada diferencia a su responsable. El cierre mensual pasa de días a horas.',
    features: [
      'Conciliación a tres bandas de envíos, pagos y facturas',
      'Detalle de diferencias y seguimiento',
      'Extractos generados y confirmados por el cliente',
    ],
  },
  PAY04: {
    description:
      'Conecta con los principales emisores de tarjetas de combustible y telepeaje, de modo que la parte de combustible del flete se carga directamente en la tarjeta del conductor. Las facturas de peaje se recopilan automáticamente.',
    features: [
      'Recarga, asignación y recuperación de tarjetas de combustible',
      'Recopilación automática de facturas de peaje',
      'Reglas de proporción de combustible y controles',
    ],
  },
  TAX01: {
    description:
      'Emite facturas de servicios de transporte en nombre de conductores autónomos y retiene su impuesto sobre la renta y el IVA, de modo que la plataforma obtiene facturas de entrada conformes. Cada factura se vincula a un envío y un pago reales.',
    features: [
      'Acuerdos de retención firmados en línea',
      'Solicitudes de factura generadas desde el envío',
      'Certificados fiscales descargables',
    ],
  },
  TAX02: {
    description:
      'Emita, rectifique, verifique y archive facturas totalmente digitales, con el servicio de transporte gravado automáticamente al 9 %. Los datos salen directamente del envío, sin volver a teclearlos.',
    features: [
      'Facturas digitales y rectificativas',
      'Verificación de autenticidad y bloqueo de duplicados',
      'Archivo de imágenes y datos de facturas',
    ],
  },
  TAX03: {
    description:
      'Suma los ingresos que los conductores obtienen en la plataforma, prepara cada mes las declaraciones del impuesto sobre la renta, las presenta en lote y registra el resultado. Cada conductor consulta sus datos en la app.',
    features: [
      'Suma automática de ingresos',
      'Presentación en lote con resultado registrado',
      'Consulta fiscal para el conductor en la app',
    ],
  },
  TAX04: {
    description:
      'Envía cartas de porte, pagos, vehículos y conductores a las plataformas de supervisión del transporte según la especificación nacional. Los envíos fallidos se reintentan y se notifican para que los datos estén completos.',
    features: [
      'Documentos de envío y pago enviados automáticamente',
      'Reintentos, reenvíos y alertas',
      'Registro de envíos y acuses de recibo',
    ],
  },
  LOC01: {
    description:
      'Combina terminales BeiDou, la app del conductor y la red móvil para mostrar los vehículos en vivo y reproducir sus trayectos. La ruta queda ligada al envío como prueba de que el transporte existió.',
    features: [
      'Posicionamiento combinado con corrección',
      'Reproducción de rutas y análisis de paradas',
      'Estadísticas de integridad de rutas',
    ],
  },
  LOC02: {
    description:
      'Dibuje geocercas poligonales o circulares en puntos de carga, descarga y parques: llegadas y salidas se registran solas y actualizan el envío. Las paradas inusuales y los desvíos generan alertas inmediatas.',
    features: ['Geocercas poligonales y circulares', 'Registro automático de llegadas y salidas', 'Alertas de desvío y paradas inusuales'],
  },
  LOC03: {
    description:
      'Funciona con impresoras térmicas, PDA y escáneres de anillo para imprimir etiquetas y escanear en carga, clasificación y entrega. El trabajo sin conexión se sube en cuanto vuelve la red.',
    features: [
      'Plantillas de etiquetas e impresión en lote',
      'Operaciones con PDA y escáner de anillo',
      'Caché sin conexión y subida automática',
    ],
  },
  LOC04: {
    description:
      'Sensores a bordo registran sin pausa la temperatura y la humedad de la caja y avisan al conductor y al planificador si se supera un límite. Los registros se archivan con el envío para la trazabilidad y las auditorías de calidad.',
    features: [
      'Lecturas de temperatura y humedad por minuto',
      'Alertas de límite en varios niveles',
      'Informes de temperatura exportados con el envío',
    ],
  },
  RSK01: {
    description:
      'El centro de control de riesgos combina un motor de reglas con modelos de aprendizaje automático para revisar envíos, pagos y facturas antes, durante y después del transporte, y detecta envíos ficticios, retorno de fondos y facturación duplicada.',
    features: [
      'Editor visual de reglas con despliegue gradual',
      'Puntuación de riesgo con bloqueo y avisos',
      'Gestión completa de los eventos de riesgo',
    ],
  },
  SGN01: {
    description:
      'Contratos de porte, de transporte y acuerdos de retención se firman en línea con sellado de tiempo y certificados digitales, con plena validez legal. Cada contrato queda unido a su envío y se consulta en cualquier momento.',
    features: [
      'Certificados digitales de empresa y personales',
      'Plantillas de contrato y firma en lote',
      'Custodia de evidencias y certificación',
    ],
  },
  OCR01: {
    description:
      'Lee documentos de identidad, permisos de conducir y de circulación, licencias de transporte y licencias comerciales, y rellena los campos clave en segundos. Los resultados pueden contrastarse con fuentes oficiales.',
    features: ['Más de diez tipos de documento', 'Confianza por campo y revisión manual', 'Detección de refotografiado y manipulación'],
  },
  VRF01: {
    description:
      'Comprueba que el nombre coincide con el documento, que la tarjeta bancaria pertenece a su titular y que el vehículo corresponde a su licencia de transporte. Se ejecuta al registrar conductores, al añadir vehículos y antes de pagar.',
    features: [
      'Verificación de identidad y tarjeta bancaria',
      'Comprobación de vehículo y cualificación',
      'Registros de verificación auditables',
    ],
  },
  API01: {
    description:
      'La pasarela de API abierta es la entrada única a todos los componentes: autentica aplicaciones, verifica firmas, limita el tráfico, corta circuitos y mide el uso. Cada cliente se suscribe a las API que necesita y paga por llamada o por plan.',
    features: [
      'Claves de aplicación y peticiones firmadas',
      'Límites, cortocircuitos y listas de acceso',
      'Registro de llamadas, medición y facturación',
    ],
  },
  MSG01: {
    description:
      'Gestiona en un solo lugar firmas y plantillas de SMS, mensajes internos y notificaciones push, y avisa a conductores, cargadores y personal cuando ocurre algo. Incluye límites de frecuencia y listas de bloqueo.',
    features: ['Plantillas y firmas de SMS', 'Mensajes disparados por eventos', 'Límites de frecuencia, bloqueos e informes de envío'],
  },
  OSS01: {
    description:
      'Almacenamiento cifrado y acceso temporal para imágenes de permisos, pruebas de entrega y contratos, en nubes públicas o almacenamiento privado. Una lista de orígenes permitidos evita el uso indebido de enlaces.',
    features: ['Varios backends de almacenamiento', 'Enlaces temporales firmados y antienlace', 'Ciclo de vida y niveles frío/caliente'],
  },
  CFG01: {
    description:
      'Para operadores de plataforma: active componentes por cliente, defina parámetros y planes de precios, y siga su consumo y facturación. Una sola plataforma atiende a cientos de clientes.',
    features: ['Alta de clientes y configuración de servicios', 'Planes de precios y facturas', 'Historial de cambios de configuración'],
  },
  AGT01: {
    description:
      'El asistente de despacho lee los pedidos pendientes, la posición de los vehículos, las rutas habituales y las tarifas actuales, y propone un vehículo explicando el motivo. El planificador confirma con un clic y el conductor recibe el aviso.',
    features: ['Propuestas de despacho razonadas', 'Equilibrio entre coste, plazo y ocupación', 'Envío al conductor tras la confirmación'],
  },
  AGT02: {
    description:
      'El asistente de atención al cliente usa la base de conocimiento y los datos de envíos para responder a conductores sobre fletes, pruebas de entrega y retiradas, y a cargadores sobre envíos en curso. Los casos complejos pasan a una persona con todo el contexto.',
    features: [
      'Estado de envíos y pagos en tiempo real',
      'Diálogo de varios turnos y respuestas de la base de conocimiento',
      'Traspaso fluido a un agente humano',
    ],
  },
  AGT03: {
    description:
      'El asistente de revisión de documentos lee pruebas de entrega, tickets de báscula y facturas y los compara con el envío punto por punto. Las discrepancias se resaltan y el revisor solo atiende los casos dudosos.',
    features: [
      'Lectura de pruebas de entrega, tickets y facturas',
      'Comparación punto por punto con el envío',
      'Dudas marcadas e historial de revisión',
    ],
  },
  AGT04: {
    description:
      'El asistente de tarifas combina operaciones anteriores, distancia, precio del combustible y estacionalidad para proponer un rango de precios en rutas nuevas, y ayuda a cotizar rápido y negociar menos.',
    features: [
      'Rango de precio de referencia por ruta',
      'Factores de combustible y estacionalidad',
      'Historial de ofertas y tasa de éxito',
    ],
  },
  AGT05: {
    description:
      'El asistente de auditoría de riesgos revisa de nuevo los envíos marcados como de alto riesgo, reúne pruebas de ruta, pagos y documentos, y redacta un informe estructurado.',
    features: ['Revisión automática de envíos de alto riesgo', 'Cadena de pruebas recopilada sola', 'Informe exportable con un clic'],
  },
  AGT06: {
    description:
      'Pregunte al asistente de análisis en lenguaje natural, por ejemplo «¿qué cliente tuvo el mejor margen en las rutas del este el mes pasado?», y obtendrá la consulta, el gráfico y una explicación.',
    features: ['Del lenguaje natural a la consulta', 'Gráficos generados automáticamente', 'Una definición única por indicador'],
  },
};

export default components;
