import type { DetailText } from '../types';

const solutions: DetailText['solutions'] = {
  ntocc: {
    intro:
      'For network freight operators: connect waybills, tracks, funds and invoices, satisfy both transport and tax regulators, and put your energy into capacity and customers.',
    pains: [
      'Many regulatory rules and error-prone data reporting',
      'Scattered drivers make compliant payment and invoicing hard',
      'Fictitious waybills and funds flowing back are hard to spot',
    ],
    capabilities: [
      { title: 'Four flows in one', text: 'Waybills, tracks, funds and invoices linked automatically and ready for inspection.' },
      { title: 'Compliant payment', text: 'Freight paid straight to the actual carrier, with funds held by the bank.' },
      { title: 'Tax on behalf', text: 'Invoices and tax withholding for independent drivers, giving deductible input tax.' },
      { title: 'Smart risk control', text: 'Rules and models block high-risk waybills before they run.' },
    ],
    metrics: ['Operations headcount cost', 'Complete regulatory reporting', 'Freight paid same day'],
  },
  ctms: {
    intro:
      'For city distribution networks: multi-drop runs, tight delivery windows and tedious proof of delivery and settlement, with better vehicle utilisation and punctuality.',
    pains: [
      'Many drops and tight windows, routes planned by experience',
      'Scattered delivery proofs and long settlement cycles',
      'High empty running and waiting time',
    ],
    capabilities: [
      { title: 'Smart routing', text: 'Routes built from time windows, payloads and traffic restrictions.' },
      { title: 'E-signatures on delivery', text: 'Stores sign by scanning and PODs come back instantly.' },
      { title: 'Geofence check-ins', text: 'Arrivals and departures recorded, punctuality measured automatically.' },
      { title: 'Customer notices', text: 'Recipients get an SMS with the expected arrival time.' },
    ],
    metrics: ['Deliveries per vehicle per day', 'Cost per delivery', 'On-time delivery rate'],
  },
  park: {
    intro:
      'For logistics park operators: bookings, gate checks, parking and park billing all online, turning the park into digital infrastructure you can run as a business.',
    pains: [
      'Long queues at the gate at peak times',
      'Manual charging leads to missed and wrong fees',
      'Services for tenants are hard to manage consistently',
    ],
    capabilities: [
      { title: 'Booked entry', text: 'Drivers book online and arrive in assigned time slots.' },
      { title: 'Document checks', text: 'OCR and identity checks open the gate automatically.' },
      { title: 'Park payments', text: 'Parking, handling and rent collected online.' },
      { title: 'Open integration', text: "Tenants' TMS and WMS connected through the gateway." },
    ],
    metrics: ['Average vehicle waiting time', 'Growth in park service revenue', 'Unattended operation'],
  },
  wms: {
    intro:
      "For warehouse operators and shippers' own warehouses: receiving, put-away, picking, checking and dispatch, joined seamlessly to transport.",
    pains: [
      'Stock records that do not match the shelves, slow counts',
      'Long picking paths and low productivity',
      'Warehouse and transport in separate systems, error-prone hand-overs',
    ],
    capabilities: [
      { title: 'Precise locations', text: 'Bins, batches and expiry dates managed in detail.' },
      { title: 'Wave picking', text: 'Waves and the shortest picking paths built from the order mix.' },
      { title: 'Scan-based work', text: 'PDAs and ring scanners leave a trace of every task.' },
      { title: 'Warehouse and delivery', text: 'Dispatch creates the waybill and announces arriving vehicles.' },
    ],
    metrics: ['Inventory accuracy', 'Picking productivity', 'Dispatch error rate'],
  },
  twms: {
    intro:
      'For multimodal transport operators: road, rail and water legs managed on one waybill, with one tariff, one track and one settlement.',
    pains: [
      'Leg information scattered across systems',
      'Unclear hand-overs at transfer points',
      'Complex multi-party settlement and reconciliation',
    ],
    capabilities: [
      { title: 'One waybill', text: 'A single multimodal waybill covers every leg.' },
      { title: 'End-to-end visibility', text: 'Road tracks, rail and port milestones in one view.' },
      { title: 'Electronic hand-over', text: 'Transfers confirmed with e-signatures, responsibilities clear.' },
      { title: 'Settlement by leg', text: 'Each leg priced and reconciled with its carrier.' },
    ],
    metrics: ['Total logistics cost', 'Document handling time', 'Traceable milestones'],
  },
  ntms: {
    intro:
      'For less-than-truckload express companies: branch intake, line haul, hub transfer and last-mile delivery, keeping service quality high as the network grows.',
    pains: ['Many branches and complex sorting cause missorts', 'Low line-haul load factors', 'Lead times and exceptions seen too late'],
    capabilities: [
      { title: 'Branch intake', text: 'Booking, weighing and label printing in one step.' },
      { title: 'Hub scanning', text: 'Loading scans checked, missorts flagged instantly.' },
      { title: 'Line-haul loading', text: 'Loads planned by volume and weight for higher fill.' },
      { title: 'Lead-time monitoring', text: 'End-to-end lead-time board with overdue alerts.' },
    ],
    metrics: ['Line-haul load factor', 'Damage and shortage rate', 'On-time rate'],
  },
  transport: {
    intro:
      'For the transport teams of manufacturers and traders: plan shipments, follow carriers and reconcile freight in one place, with transparent transport costs.',
    pains: [
      'Many carriers and little visibility',
      'Freight checked in spreadsheets, error-prone',
      'No objective data on carrier performance',
    ],
    capabilities: [
      { title: 'Transport planning', text: 'Plans built from sales orders and assigned to carriers.' },
      { title: 'Shipment tracking', text: 'Carrier tracks and milestones visible end to end.' },
      { title: 'Freight reconciliation', text: 'Contract rates applied and reconciled online with carriers.' },
      { title: 'Carrier scorecards', text: 'Punctuality, damage and service scored together.' },
    ],
    metrics: ['Transport cost', 'Faster reconciliation', 'In-transit visibility'],
  },
  networkTransport: {
    intro:
      'For companies applying for a network freight licence: guidance through the application, system delivery, connection to the monitoring platforms and support after go-live.',
    pains: [
      'Unclear licensing steps and paperwork',
      'Building a system in-house is slow and hard to get approved',
      'Little experience of compliant operations after launch',
    ],
    capabilities: [
      { title: 'Licence guidance', text: 'Document lists, milestones and common questions covered step by step.' },
      { title: 'System delivery', text: 'A standard network freight system under your own brand.' },
      { title: 'Regulator connection', text: 'Help connecting and testing with national and provincial platforms.' },
      { title: 'Operations support', text: 'A compliance advisor during the first year.' },
    ],
    metrics: ['days to go live', 'Monitoring connection pass rate', 'months of compliance support'],
  },
  cargo: {
    intro:
      'For shippers of coal, steel, building materials and other bulk goods: a platform to publish loads and match them through bidding, with contracts, deposits and risk control to secure delivery.',
    pains: ['Hard to find trucks, volatile rates', 'Slow, opaque offline matching', 'Defaults are hard to pursue'],
    capabilities: [
      { title: 'Load board', text: 'Loads published in one place for drivers and fleets to take.' },
      { title: 'Bidding and matching', text: 'Open bidding and invited quotes with transparent prices.' },
      { title: 'Delivery guarantee', text: 'E-contracts and deposits, with defaults handled automatically.' },
      { title: 'Rate reference', text: 'The Rate Assistant suggests prices per lane.' },
    ],
    metrics: ['Matching efficiency', 'Time to find a truck', 'Online service'],
  },
  coldChain: {
    intro:
      'For food and pharmaceutical cold-chain carriers: live temperature and humidity monitoring tied to the waybill, the delivery proof and quality traceability.',
    pains: [
      'Temperature problems found too late, causing losses',
      'Temperature records hard to share with customers',
      'Low utilisation of refrigerated vehicles',
    ],
    capabilities: [
      { title: 'Live temperature control', text: 'Minute-level readings with limit alerts.' },
      { title: 'Full traceability', text: 'Temperature curves filed with the waybill for customers.' },
      { title: 'Fences and tracks', text: 'Loading stops recorded automatically, door-open time controlled.' },
      { title: 'Exception handling', text: 'Alerts assigned automatically and actions recorded.' },
    ],
    metrics: ['Temperature accuracy', 'Temperature-related losses', 'Traceable temperature records'],
  },
};

export default solutions;
