import type { DetailText } from '../types';

const components: DetailText['components'] = {
  TMS01: {
    description:
      "The Waybill Center takes a shipper order all the way to the carrier waybill and records every milestone: loading, in transit, unloading and delivery. Each waybill is linked to its track, payments and invoices, meeting the regulator's requirement that goods, tracks, funds and invoices match.",
    features: [
      'Split, merge and bulk-import orders',
      'Waybill state machine with timestamped milestones',
      'Drill from a waybill to its track, payments and invoices',
    ],
  },
  TMS02: {
    description:
      'Smart Dispatch suggests a vehicle for every order from the cargo, the lane and live vehicle positions, in grab, assign or bidding mode. Dispatchers can adjust on the map and the system instantly recalculates cost and lead time.',
    features: ['Load matching that cuts empty miles', 'Grab, assign and bidding dispatch modes', 'Dispatch board with overdue alerts'],
  },
  TMS03: {
    description:
      'The Capacity Pool keeps owned, affiliated and subcontracted vehicles and carriers in one registry and checks licence expiry automatically. Drivers and carriers are rated on reliability, punctuality and complaints so the best capacity is used first.',
    features: [
      'One registry for drivers, vehicles and carriers',
      'Licence expiry reminders and automatic suspension',
      'Performance scores and capacity tiers',
    ],
  },
  TMS04: {
    description:
      'Drivers photograph proofs of delivery in the app; the system reads the signature details and matches them to the waybill. Damage, delays and refusals are logged, assigned and compensated online, with a complete audit trail.',
    features: [
      'Electronic PODs and tracking of paper returns',
      'Exception logging, liability and claims workflow',
      'POD turnaround and exception-rate statistics',
    ],
  },
  PAY01: {
    description:
      "Settlement & Payment turns each waybill into freight payable and, once approved, pays the actual carrier's bank card through a bank channel. Prepaid, on-delivery and on-POD payment points and split rules are all supported.",
    features: [
      'Freight approval and batch payment',
      'Rule-based splits to drivers, fleets and brokers',
      'Automatic filing of bank receipts',
    ],
  },
  PAY02: {
    description:
      'Cloud Enterprise Pay opens a bank-custodied sub-account for every customer through a direct bank connection, so the platform never holds customer funds. Balances, statements and electronic receipts are available in real time.',
    features: ['Bank-custodied sub-accounts', 'Top-ups, withdrawals and live balances', 'Electronic receipts and statement downloads'],
  },
  PAY03: {
    description:
      'The Reconciliation Center compares freight payable, bank transactions and issued invoices every day, listing each difference and sending it to the person responsible. Month-end statements cut finance checks from days to hours.',
    features: [
      'Three-way matching of waybills, payments and invoices',
      'Difference details and follow-up tracking',
      'Statements generated and confirmed by customers',
    ],
  },
  PAY04: {
    description:
      "The Fuel Card & ETC component connects major fuel-card and ETC issuers, so the fuel share of freight can be loaded straight onto a driver's card. Toll invoices are collected automatically for fuller input-tax credit.",
    features: [
      'Fuel-card top-up, allocation and recovery',
      'Automatic collection of ETC toll invoices',
      'Fuel-share rules and compliance checks',
    ],
  },
  TAX01: {
    description:
      'Issues transport-service invoices on behalf of independent drivers and withholds their income tax and VAT, giving the platform compliant input invoices. Every invoice is tied to a real waybill and payment.',
    features: ['Online withholding agreements', 'Invoice requests generated from waybills', 'Tax certificates generated and downloadable'],
  },
  TAX02: {
    description:
      'Issue, reverse, verify and archive fully digital invoices, with transport services taxed at 9% automatically. Invoice details come straight from the waybill, so nothing is typed twice.',
    features: [
      'Digital invoices and red-letter reversals',
      'Authenticity checks and duplicate-claim blocking',
      'Invoice images and data archived',
    ],
  },
  TAX03: {
    description:
      'Totals the business income drivers earn on the platform, prepares monthly individual income-tax filings, files them in bulk and records the results. Drivers see their own tax records in the app.',
    features: ['Automatic totals of business income', 'Bulk filing with results written back', 'Tax records for drivers in the app'],
  },
  TAX04: {
    description:
      "Reports waybills, payment records, vehicles and drivers to the transport authorities' monitoring platforms according to the national data-exchange specification. Failed uploads are retried and flagged so the data stays complete.",
    features: [
      'Waybill and payment documents assembled and sent automatically',
      'Retries, resubmission and alerts',
      'Upload log and receipts',
    ],
  },
  LOC01: {
    description:
      'Combines BeiDou on-board terminals, the driver app and carrier cell positioning to show vehicles live and replay past trips. Tracks are bound to waybills as key evidence that a transport really took place.',
    features: ['Multi-source positioning with correction', 'Track replay and stop analysis', 'Track completeness statistics'],
  },
  LOC02: {
    description:
      'Draw polygon or circular geofences around loading sites, unloading sites and parks; arrivals and departures are recorded automatically and update the waybill. Unusual stops and route deviations raise instant alerts.',
    features: ['Polygon and circular fences', 'Automatic arrival and departure check-ins', 'Deviation and unusual-stop alerts'],
  },
  LOC03: {
    description:
      'Works with common thermal printers, PDAs and ring scanners for label printing and scanning at loading, sorting and delivery. Work done offline is uploaded as soon as the network returns.',
    features: ['Label templates and batch printing', 'PDA and ring-scanner operations', 'Offline cache with automatic upload'],
  },
  LOC04: {
    description:
      'On-board sensors record cargo-space temperature and humidity continuously and notify the driver and dispatcher as soon as a limit is crossed. Temperature logs are filed with the waybill for customer traceability and quality audits.',
    features: [
      'Minute-level temperature and humidity readings',
      'Multi-level limit alerts',
      'Temperature reports exported with the waybill',
    ],
  },
  RSK01: {
    description:
      'The Risk Control Center combines a rules engine with machine-learning models to check waybills, payments and invoices before, during and after transport, spotting fictitious shipments, funds flowing back and duplicate invoicing.',
    features: ['Visual rule editor with staged rollout', 'Risk scores with blocking and warnings', 'Closed-loop handling of risk events'],
  },
  SGN01: {
    description:
      'Shipping contracts, carriage contracts and withholding agreements are signed online with trusted timestamps and digital certificates, giving them legal effect. Contracts are linked to waybills and can be retrieved at any time.',
    features: ['Company and personal digital certificates', 'Contract templates and batch signing', 'Evidence storage and certification'],
  },
  OCR01: {
    description:
      'Reads ID cards, driving licences, vehicle licences, road transport permits and business licences, filling in key fields in seconds. Results can be checked against authoritative sources, reducing manual review.',
    features: [
      'More than ten document types recognised',
      'Field confidence with manual review',
      'Detection of re-photographed or altered documents',
    ],
  },
  VRF01: {
    description:
      'Checks that names match ID numbers, that bank cards match their holders, and that vehicles match their transport permits. Run automatically at driver sign-up, vehicle onboarding and before payment to prevent impersonation and misdirected payments.',
    features: ['Identity and bank-card verification', 'Vehicle and qualification checks', 'Auditable verification records'],
  },
  API01: {
    description:
      'The Open API Gateway is the single entry to every component, handling app authentication, signature checks, rate limiting, circuit breaking and usage metering. Customers subscribe to the APIs they need and pay per call or by plan.',
    features: ['App keys and signed requests', 'Rate limits, circuit breakers and allow/deny lists', 'Call logs, metering and billing'],
  },
  MSG01: {
    description:
      'Manages SMS signatures and templates, in-app messages and push notifications in one place, reaching drivers, shippers and staff on business events. Sending frequency caps and blocklists are built in.',
    features: ['SMS templates and signatures', 'Event-driven message flows', 'Frequency caps, blocklists and delivery reports'],
  },
  OSS01: {
    description:
      'Encrypted storage and time-limited access for licence, POD and contract images, on major public clouds or private object storage. An upload-origin allowlist prevents hotlinking.',
    features: ['Switchable storage back ends', 'Signed temporary links and hotlink protection', 'Lifecycle rules and hot/cold tiers'],
  },
  CFG01: {
    description:
      'For platform operators: enable components for each customer, set their parameters and price plans, and follow their usage and charges. One platform can serve hundreds of customers.',
    features: ['Customer onboarding and service configuration', 'Price plans and bills', 'Configuration change log'],
  },
  AGT01: {
    description:
      "The Dispatch Assistant reads open orders, vehicle positions, drivers' usual lanes and current rates, then suggests a vehicle and explains why. The dispatcher confirms with one click and the driver is notified.",
    features: ['Dispatch suggestions with reasons', 'Balances cost, lead time and load factor', 'Sent to the driver once confirmed'],
  },
  AGT02: {
    description:
      "The Customer Service Assistant uses the knowledge base and live waybill data to answer drivers' questions about freight, PODs and withdrawals, and shippers' questions about shipments in transit. Complex cases go to a person together with the context.",
    features: ['Live waybill and payment status', 'Multi-turn chat and knowledge-base answers', 'Seamless hand-over to staff'],
  },
  AGT03: {
    description:
      'The Document Review Assistant reads PODs, weighbridge tickets and invoices and compares them with the waybill line by line. Mismatches are highlighted so reviewers only deal with the doubtful cases.',
    features: [
      'Reads PODs, weighbridge tickets and invoices',
      'Line-by-line comparison with the waybill',
      'Flagged issues and review history',
    ],
  },
  AGT04: {
    description:
      'The Rate Assistant combines past deals, lane distance, fuel prices and seasonality to suggest a price range for new lanes, helping sales quote quickly and negotiate less.',
    features: ['Reference price range per lane', 'Fuel-price and seasonal factors', 'Quote history and win-rate analysis'],
  },
  AGT05: {
    description:
      'The Risk Audit Assistant re-examines waybills the Risk Control Center marks as high-risk, gathers track, payment and document evidence, and writes a structured audit report.',
    features: ['Automatic review of high-risk waybills', 'Evidence chain collected automatically', 'Audit report exported in one click'],
  },
  AGT06: {
    description:
      'Ask the Data Analysis Assistant in plain language, for example "which customer had the best margin on East China lanes last month?", and it builds the query, the chart and an explanation.',
    features: ['Plain language to query', 'Charts generated automatically', 'One managed definition per metric'],
  },
};

export default components;
