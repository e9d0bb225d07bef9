import type { DetailText } from '../types';

const solutions: DetailText['solutions'] = {
  ntocc: {
    intro:
      'Para operadores de transporte en red: conecte envíos, rutas, fondos y facturas, cumpla con los reguladores de transporte y fiscales, y dedique su energía a la capacidad y a los clientes.',
    pains: [
      'Muchas normas y envíos de datos propensos a errores',
      'Conductores dispersos: pagar y facturar conforme es difícil',
      'Envíos ficticios y retorno de fondos difíciles de detectar',
    ],
    capabilities: [
      { title: 'Cuatro flujos en uno', text: 'Envíos, rutas, fondos y facturas enlazados y listos para inspección.' },
      { title: 'Pagos conformes', text: 'El flete llega al transportista real y los fondos los custodia el banco.' },
      { title: 'Gestión fiscal delegada', text: 'Facturas y retenciones para autónomos, con IVA deducible.' },
      { title: 'Control de riesgos', text: 'Reglas y modelos bloquean los envíos de alto riesgo.' },
    ],
    metrics: ['Coste de personal operativo', 'Envíos al regulador completos', 'Flete pagado en el día'],
  },
  ctms: {
    intro:
      'Para la distribución urbana: rutas con muchas paradas, ventanas horarias estrictas y pruebas de entrega y liquidaciones tediosas, con mejor uso de vehículos y más puntualidad.',
    pains: [
      'Muchas paradas y ventanas estrictas, rutas hechas a ojo',
      'Pruebas de entrega dispersas y ciclos de cobro largos',
      'Mucho tiempo en vacío y en espera',
    ],
    capabilities: [
      { title: 'Rutas inteligentes', text: 'Rutas según ventanas horarias, carga y restricciones de tráfico.' },
      { title: 'Firma en la entrega', text: 'La tienda firma escaneando y la prueba vuelve al instante.' },
      { title: 'Registro por geocerca', text: 'Llegadas y salidas registradas, puntualidad medida sola.' },
      { title: 'Avisos al destinatario', text: 'SMS con la hora estimada de llegada.' },
    ],
    metrics: ['Entregas por vehículo y día', 'Coste por entrega', 'Entregas puntuales'],
  },
  park: {
    intro:
      'Para operadores de parques logísticos: reservas, control de accesos, aparcamiento y cobros del parque en línea, convirtiendo el parque en una infraestructura digital rentable.',
    pains: [
      'Colas largas en la entrada en horas punta',
      'Cobros manuales con importes olvidados o erróneos',
      'Servicios a inquilinos difíciles de gestionar',
    ],
    capabilities: [
      { title: 'Entrada con cita', text: 'El conductor reserva en línea y llega en su franja.' },
      { title: 'Control documental', text: 'OCR y verificación de identidad abren la barrera.' },
      { title: 'Pagos del parque', text: 'Aparcamiento, manipulación y alquiler cobrados en línea.' },
      { title: 'Integración abierta', text: 'TMS y WMS de los inquilinos conectados por la pasarela.' },
    ],
    metrics: ['Tiempo medio de espera', 'Crecimiento de ingresos por servicios', 'Operación sin personal'],
  },
  wms: {
    intro:
      'Para operadores de almacén y almacenes propios de cargadores: recepción, ubicación, preparación, verificación y expedición, unidas sin costuras al transporte.',
    pains: [
      'Inventario que no cuadra y recuentos lentos',
      'Recorridos de preparación largos y baja productividad',
      'Almacén y transporte en sistemas separados',
    ],
    capabilities: [
      { title: 'Ubicaciones precisas', text: 'Huecos, lotes y caducidades bajo control.' },
      { title: 'Preparación por oleadas', text: 'Oleadas y recorridos más cortos según los pedidos.' },
      { title: 'Trabajo con escáner', text: 'PDA y escáner de anillo dejan rastro de cada tarea.' },
      { title: 'Almacén y reparto', text: 'La expedición crea el envío y avisa de los vehículos.' },
    ],
    metrics: ['Exactitud del inventario', 'Productividad de preparación', 'Errores de expedición'],
  },
  twms: {
    intro:
      'Para operadores multimodales: tramos por carretera, ferrocarril y agua en una sola carta de porte, con una tarifa, un seguimiento y una liquidación.',
    pains: [
      'Información de los tramos dispersa en varios sistemas',
      'Traspasos poco claros en los puntos de transbordo',
      'Liquidación y conciliación entre muchas partes',
    ],
    capabilities: [
      { title: 'Una sola carta de porte', text: 'Un documento multimodal cubre todos los tramos.' },
      { title: 'Visibilidad total', text: 'Rutas por carretera e hitos ferroviarios y portuarios juntos.' },
      { title: 'Traspaso electrónico', text: 'Transbordos confirmados con firma electrónica.' },
      { title: 'Liquidación por tramo', text: 'Cada tramo tarifado y conciliado con su transportista.' },
    ],
    metrics: ['Coste logístico total', 'Tiempo de gestión documental', 'Hitos trazables'],
  },
  ntms: {
    intro:
      'Para empresas de carga fraccionada: admisión en delegaciones, línea troncal, transbordo en centros y reparto final, manteniendo la calidad mientras crece la red.',
    pains: [
      'Muchas delegaciones y clasificación compleja, errores de ruta',
      'Baja ocupación en las líneas troncales',
      'Plazos e incidencias conocidos demasiado tarde',
    ],
    capabilities: [
      { title: 'Admisión en delegación', text: 'Alta, pesaje e impresión de etiquetas en un paso.' },
      { title: 'Escaneo en centros', text: 'Carga verificada por escaneo y errores avisados al instante.' },
      { title: 'Carga troncal', text: 'Cargas planificadas por volumen y peso.' },
      { title: 'Control de plazos', text: 'Tablero de plazos con alertas de retraso.' },
    ],
    metrics: ['Ocupación de la línea troncal', 'Daños y faltas', 'Cumplimiento de plazos'],
  },
  transport: {
    intro:
      'Para los equipos de transporte de fabricantes y distribuidores: planifique envíos, siga a los transportistas y concilie fletes en un solo lugar, con costes transparentes.',
    pains: ['Muchos transportistas y poca visibilidad', 'Fletes revisados en hojas de cálculo', 'Sin datos objetivos sobre el desempeño'],
    capabilities: [
      { title: 'Planificación', text: 'Planes creados desde los pedidos de venta y asignados.' },
      { title: 'Seguimiento', text: 'Rutas e hitos de cada transportista a la vista.' },
      { title: 'Conciliación de fletes', text: 'Tarifas de contrato aplicadas y conciliadas en línea.' },
      { title: 'Evaluación de transportistas', text: 'Puntualidad, daños y servicio puntuados juntos.' },
    ],
    metrics: ['Coste de transporte', 'Conciliación más rápida', 'Visibilidad en tránsito'],
  },
  networkTransport: {
    intro:
      'Para empresas que solicitan la licencia de transporte en red: orientación en la solicitud, entrega del sistema, conexión con las plataformas de supervisión y acompañamiento tras el lanzamiento.',
    pains: [
      'Trámites de licencia y documentación poco claros',
      'Un sistema propio es lento y difícil de homologar',
      'Poca experiencia operando conforme tras el arranque',
    ],
    capabilities: [
      { title: 'Orientación en la licencia', text: 'Documentos, plazos y dudas frecuentes, paso a paso.' },
      { title: 'Entrega del sistema', text: 'Un sistema estándar de transporte en red con su marca.' },
      { title: 'Conexión con el regulador', text: 'Ayuda para conectar y probar con las plataformas oficiales.' },
      { title: 'Acompañamiento', text: 'Un asesor de cumplimiento durante el primer año.' },
    ],
    metrics: ['días hasta la puesta en marcha', 'Conexiones aprobadas', 'meses de acompañamiento'],
  },
  cargo: {
    intro:
      'Para cargadores de carbón, acero, materiales de construcción y otros graneles: una plataforma para publicar cargas y adjudicarlas por subasta, con contratos, depósitos y control de riesgos.',
    pains: [
      'Difícil encontrar camión, tarifas volátiles',
      'Adjudicación fuera de línea lenta y opaca',
      'Incumplimientos difíciles de reclamar',
    ],
    capabilities: [
      { title: 'Bolsa de cargas', text: 'Cargas publicadas en un solo lugar para conductores y flotas.' },
      { title: 'Subasta y adjudicación', text: 'Subasta abierta e invitaciones con precios transparentes.' },
      { title: 'Garantía de entrega', text: 'Contratos electrónicos y depósitos, incumplimientos automatizados.' },
      { title: 'Referencia de tarifas', text: 'El asistente de tarifas propone precios por ruta.' },
    ],
    metrics: ['Eficiencia de adjudicación', 'Tiempo para encontrar camión', 'Servicio en línea'],
  },
  coldChain: {
    intro:
      'Para transportistas de frío de alimentación y farmacia: control de temperatura y humedad en vivo, unido al envío, a la prueba de entrega y a la trazabilidad de calidad.',
    pains: [
      'Desviaciones de temperatura detectadas tarde',
      'Registros de temperatura difíciles de compartir',
      'Baja ocupación de los vehículos frigoríficos',
    ],
    capabilities: [
      { title: 'Temperatura en vivo', text: 'Lecturas por minuto con alertas de límite.' },
      { title: 'Trazabilidad completa', text: 'Curvas de temperatura archivadas con el envío.' },
      { title: 'Geocercas y rutas', text: 'Paradas registradas y tiempo de puertas abiertas bajo control.' },
      { title: 'Gestión de incidencias', text: 'Alertas asignadas solas y acciones registradas.' },
    ],
    metrics: ['Precisión de temperatura', 'Pérdidas por temperatura', 'Registros trazables'],
  },
};

export default solutions;
