import type { DetailText } from '../types';

type Pages = Omit<DetailText, 'components' | 'solutions'>;

const pages: Pages = {
  labels: { viewDetail: 'View details', newTab: '(opens in a new tab)', breadcrumb: 'Breadcrumb' },
  guide: {
    intro: "From registering to connecting a component's interfaces, billing and support: how to use the open platform, in a few minutes.",
    contents: 'Contents',
    empty: 'The guide is being prepared. Please come back later, or call the service hotline.',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for may have moved or no longer exists. Please go back to the home page.',
    back: 'Back to home',
  },
  componentNames: {
    TMS02: { name: 'Smart Dispatch', summary: 'Automatic order splitting and merging, smart load matching' },
    TMS03: { name: 'Capacity Pool', summary: 'One registry and rating for drivers, vehicles and carriers' },
    TMS04: { name: 'PODs & Exceptions', summary: 'Electronic proof of delivery and closed-loop exception handling' },
    PAY02: { name: 'Cloud Enterprise Pay', summary: 'Bank-connected sub-accounts for every customer' },
    PAY03: { name: 'Reconciliation Center', summary: 'Automatic matching of waybills, payments and invoices' },
    PAY04: { name: 'Fuel Card & ETC', summary: 'Fuel-card top-ups and collection of toll invoices' },
    TAX02: { name: 'E-Invoicing', summary: 'Issue, verify and archive digital invoices' },
    TAX03: { name: 'Income Tax Filing', summary: 'Driver business income totalled and filed' },
    TAX04: { name: 'Regulatory Reporting', summary: 'Waybills and payments reported to the authorities automatically' },
    LOC02: { name: 'Geofencing', summary: 'Fences around sites detect arrivals and departures' },
    LOC03: { name: 'Printing & Scanning', summary: 'Label printing, PDA and ring-scanner capture' },
    LOC04: { name: 'Cold-Chain Monitoring', summary: 'Live cargo temperature and humidity with alerts' },
    VRF01: { name: 'Identity Verification', summary: 'People, vehicles, licences and bank cards checked to match' },
    MSG01: { name: 'Messaging & SMS', summary: 'SMS, in-app messages and push in one service' },
    OSS01: { name: 'File Storage', summary: 'Secure storage and delivery of licence and POD images' },
    CFG01: { name: 'Customer Configuration', summary: 'Services, parameters and pricing set per customer' },
    AGT01: { name: 'Dispatch Assistant', summary: 'Suggests the best vehicle from positions and rates' },
    AGT02: { name: 'Customer Service Assistant', summary: 'Answers drivers and shippers around the clock' },
    AGT03: { name: 'Document Review Assistant', summary: 'Checks PODs, invoices and weighbridge tickets' },
    AGT04: { name: 'Rate Assistant', summary: 'Reference rates from past deals and fuel prices' },
    AGT05: { name: 'Risk Audit Assistant', summary: 'Re-examines high-risk waybills and writes reports' },
    AGT06: { name: 'Data Analysis Assistant', summary: 'Ask business questions in plain language' },
  },
  solutionNames: {
    transport: { name: 'Enterprise Transport Management', tagline: "Planning, execution and reconciliation for shippers' own transport" },
    networkTransport: { name: 'Network Freight Platform Setup', tagline: 'From licence application to launch, one service' },
    cargo: { name: 'Bulk Cargo Platform', tagline: 'Load publishing, bidding and guaranteed delivery' },
    coldChain: { name: 'Cold-Chain Logistics', tagline: 'Temperature-traceable cold-chain transport' },
  },
  offeringPages: {
    core: {
      intro:
        'The eight core components are the smallest complete set for network freight: creating waybills, tracking vehicles, signing contracts and reading documents, then paying freight, settling taxes and controlling risk, all offered through the open gateway.',
      highlights: [
        { title: 'Use them alone', text: 'Each component has its own API and admin screens and can be bought on its own.' },
        { title: 'Built to work together', text: 'Components share waybill master data, so combining them needs no extra development.' },
        {
          title: 'Compliance built in',
          text: 'Regulatory rules live inside the components: get the business right and compliance follows.',
        },
      ],
    },
    agent: {
      intro:
        "AI agents work on the platform's waybill, track, payment and document data and understand logistics rules. They take on repetitive work in dispatch, customer service, review and audit, while people always confirm the key decisions.",
      steps: [
        { title: 'Connect data', text: 'Grant the agent the business data it needs, with the same permissions as staff.' },
        { title: 'Define the role', text: 'Pick an agent template and set business rules and approval limits.' },
        { title: 'Work together', text: 'The agent suggests and explains; staff confirm and act, with everything logged.' },
      ],
    },
    full: {
      intro: '24 components in six groups, all offered through one gateway: subscribe to what you need and pay for what you use.',
      groupsLabel: 'Component groups',
    },
  },
  groups: {
    freight: { name: 'Transport', intro: 'The whole transport process, from order to delivery.' },
    finance: { name: 'Funds & Settlement', intro: 'Secure, compliant accounts, payments and reconciliation.' },
    tax: { name: 'Tax & Compliance', intro: 'Invoices, tax clearance and regulatory reporting together.' },
    iot: { name: 'IoT & Location', intro: 'Positioning, geofences, scanning and sensors.' },
    trust: { name: 'Risk & Identity', intro: 'Risk control, e-signatures, document recognition and verification.' },
    open: { name: 'Integration', intro: 'Gateway, messaging, storage and multi-customer configuration.' },
  },
  detailPage: {
    overview: 'Overview',
    features: 'Key capabilities',
    scenarios: 'Used in solutions',
    related: 'Related components',
    consult: 'Ask about this component',
    demo: 'See the system demo',
    code: 'Component code',
    group: 'Group',
  },
  solutionPage: {
    indexTitle: 'Solutions',
    indexIntro:
      'Proven solutions for each kind of logistics business. Combine components as needed: launch quickly and evolve with your business.',
    pains: 'Industry challenges',
    capabilities: 'What the solution does',
    results: 'Customer results',
    components: 'Components used',
    consult: 'Get the solution brief',
    more: 'More solutions',
  },
  showcasePages: {
    basicInfo: {
      summary:
        'One place for the master data of customers, shippers, carriers, vehicles, drivers, lanes and addresses; every business document references it.',
      features: [
        'Unified social credit code and licence checks',
        'Bulk import with change history',
        'Data isolation between organisations',
        'Custom dictionaries and numbering rules',
      ],
      sections: [],
    },
    pricing: {
      summary:
        'Contract, transport and warehouse prices share one model. Waybills and warehouse work are priced automatically, and every charge can be explained and traced.',
      features: [
        'Tiered, weight-band and volume-band prices',
        'Validity periods and approval',
        'Price simulation and variance analysis',
        'Price change history',
      ],
      sections: [
        { title: 'Contract pricing', text: 'Settlement terms, payment periods and price adjustments from each customer contract.' },
        { title: 'Transport pricing', text: 'Charges by lane, vehicle type, weight or volume, with fuel surcharges.' },
        { title: 'Warehouse pricing', text: 'Storage, handling and sorting charged by quantity or floor area.' },
      ],
    },
    authority: {
      summary:
        'A role-based permission model covering menus, buttons and data scope, so platform staff, customer administrators and regular users each see what they need.',
      features: [
        'Roles with menu and button permissions',
        'Data scope by organisation and customer',
        'Login history and audit log',
        'Phone allowlist and IP blocklist',
      ],
      sections: [],
    },
    statisticsReport: {
      summary:
        'Business figures by customer, lane and period: waybill volume, freight, margin and POD turnaround at a glance, with scheduled report subscriptions.',
      features: [
        'Pivot views with drill-down',
        'Report subscriptions and scheduled delivery',
        'Excel export',
        'Metric definitions explained',
      ],
      sections: [],
    },
    interfaceService: {
      summary:
        'Every component is available as a REST API with online documentation, a sandbox and usage statistics. Customer systems connect in days.',
      features: [
        'Online API docs and testing',
        'Sandbox with test data',
        'Signed requests and rate limits',
        'Call volume and failure monitoring',
      ],
      sections: [],
    },
    packAlgorithm: {
      summary:
        'Calculates the best way to pack goods from their sizes, weights and stacking limits, draws a 3D packing plan and makes better use of every container.',
      features: ['Mixed loads of many sizes', 'Weight and stacking constraints', '3D packing visualisation', 'Packing list export'],
      sections: [],
    },
    pathOptimize: {
      summary:
        'Plans the best routes for many vehicles and stops, taking time windows, payloads, restricted zones and live traffic into account.',
      features: [
        'Multi-vehicle, multi-stop routing',
        'Time windows and restrictions',
        'Distance and cost comparison',
        'Routes sent to drivers in one click',
      ],
      sections: [],
    },
    stowage: {
      summary: 'Assigns orders to vehicles by destination, cargo type and payload, balancing load factor against unloading order.',
      features: [
        'Loads planned by volume and weight',
        'Last-in, first-out unloading order',
        'Manual fine-tuning of plans',
        'Load-factor statistics',
      ],
      sections: [],
    },
    iot: {
      summary: 'The device center connects printers, PDAs, ring scanners and vehicle terminals and monitors their status in one place.',
      features: [
        'Device registration and binding',
        'Online status and battery monitoring',
        'Firmware version management',
        'Live upload of work data',
      ],
      sections: [
        { title: 'Printing system', text: 'Template-based labels and hand-over sheets, printed in the cloud or locally.' },
        { title: 'PDAs and ring scanners', text: 'Scanning for loading, sorting and stock counts, also offline.' },
        { title: 'Vehicle positioning', text: 'BeiDou terminals and the driver app send live tracks.' },
      ],
    },
    paymentGateway: {
      summary:
        'One connection to several banks and licensed payment institutions for collections, payouts, splits and refunds, with every movement of funds traceable.',
      features: [
        'Routing across bank channels',
        'Batch payouts and splits',
        'Asynchronous payment notifications',
        'Electronic receipts collected',
      ],
      sections: [],
    },
    supervisionPlatform: {
      summary: 'For regulators and compliance teams: live monitoring of waybills, vehicles and funds, with leads on anything unusual.',
      features: [
        'Monitoring dashboard',
        'Early warnings on anomalies',
        'Reporting status tracking',
        'Inspection material exported in one click',
      ],
      sections: [],
    },
    dataInsight: {
      summary: 'Turns business data into insight: customer contribution, lane profitability, capacity efficiency and risk trends.',
      features: ['Management cockpit', 'Customer and lane profitability', 'Capacity efficiency analysis', 'Risk trend analysis'],
      sections: [],
    },
    tripartite: {
      summary:
        'Connects insurance, ETC, fuel cards, maps, SMS and other third-party services with one configuration, one bill and one log.',
      features: [
        'Enable and configure third-party services',
        'Call logs and cost statistics',
        'Service availability monitoring',
        'Separate settings per customer',
      ],
      sections: [],
    },
  },
  showcase: {
    title: 'System demo',
    menuLabel: 'Demo menu',
    features: 'Main features',
    open: 'Try it in the console',
    openHint: 'The console requires a login; you will be taken to the login page first.',
    groups: {
      basic: 'Basic management',
      interface: 'Interfaces',
      algorithm: 'Algorithms',
      iot: 'IoT devices',
      payment: 'Payment',
      supervision: 'Supervision',
      dataInsight: 'Data insight',
      tripartite: 'Third parties',
    },
    leaves: {
      basicInfo: 'Master data',
      pricing: 'Pricing',
      authority: 'Permissions',
      statisticsReport: 'Reports',
      interfaceService: 'API services',
      packAlgorithm: 'Smart packing',
      pathOptimize: 'Route optimisation',
      stowage: 'Smart loading',
      I04_01: 'Printing system',
      I04_02: 'PDAs & ring scanners',
      I04_03: 'Vehicle positioning',
      paymentGateway: 'Payment gateway',
      supervisionPlatform: 'Supervision platform',
      dataInsight: 'Data insight',
      tripartite: 'Third-party platforms',
    },
  },
  about: {
    intro: [
      'Founded in 2016 and headquartered in Beijing, Shulian Technology Group has R&D and service centers in Shanghai, Shenzhen, Chengdu and Wuhan. We build digital supply-chain infrastructure and were among the first technology companies in China to hold network freight qualifications and offer open components.',
      'We turn network freight, logistics, payment, tax and customer-configuration capabilities into standard components and offer them on an open platform to shippers, carriers, logistics parks and financial institutions, helping them go digital at lower cost.',
    ],
    stats: [
      { value: '600+', label: 'Employees' },
      { value: '70%', label: 'Engineers and researchers' },
      { value: '120+', label: 'Patents and software copyrights' },
      { value: '30', label: 'Provinces served' },
    ],
    milestonesTitle: 'Milestones',
    milestones: [
      'Company founded; waybill and settlement components released',
      'Network freight system launched and connected to the first provincial monitoring platforms',
      'Open platform released; components available by subscription',
      'More than 1,000 enterprise customers; smart park solution launched',
      'AI agent series released; all 24 components opened',
    ],
    contactIntro: 'Product questions, solution discussions or partnerships: we are happy to hear from you.',
    hours: 'Service hours',
    hoursText: 'Monday to Sunday, 8:00-22:00 (UTC+8)',
    email: 'Partnerships',
    consult: 'Chat with us',
    ecologyIntro:
      'We build an open ecosystem with partners in banking, insurance, energy, maps and digital trust, so customers get a complete service through a single integration.',
    modes: [
      { title: 'Technology partners', text: 'Connected capabilities and joint solutions for industry customers.' },
      { title: 'Channel partners', text: 'Regional and industry partners sharing customers and revenue.' },
      { title: 'Ecosystem services', text: 'Third-party services on the open platform with unified billing.' },
    ],
    partnersTitle: 'Partners',
    partners: [
      'Huaxin Bank',
      'Antu Insurance',
      'Yuntu Maps',
      'Zhonglian Pay',
      'Zhiqian CA',
      'Tongda ETC',
      'Yuanhang Ports',
      'Beichen Energy',
    ],
  },
};

export default pages;
