import type { DataRole } from '../schemas/target-data.schema.ts';

/**
 * A scientific story the target data is drawn from (FigMirror B.3: "invents a plausible scientific
 * story in a different domain"): names for every discrete role, a long form of the category
 * names, and a header with units for every role.
 */
export interface StoryDomain {
  id: string;
  labels: Partial<Record<'series' | 'category' | 'group' | 'row' | 'col' | 'panel', string[]>>;
  /** Long labels for label_length_inflation (same meaning as `labels.category`). */
  longLabels: string[];
  headers: Record<DataRole, string>;
}

export const STORY_DOMAINS: readonly StoryDomain[] = [
  {
    id: 'ecology',
    labels: {
      series: ['Meadow', 'Wetland', 'Forest edge', 'Dune', 'Heath', 'Scrub', 'Riverbank', 'Quarry'],
      category: ['Bees', 'Beetles', 'Moths', 'Spiders', 'Ants', 'Wasps', 'Flies', 'Snails', 'Mites', 'Crickets', 'Aphids', 'Worms'],
      group: ['Spring', 'Summer', 'Autumn', 'Winter', 'Dry year', 'Wet year', 'Burnt', 'Grazed'],
      row: ['Plot A', 'Plot B', 'Plot C', 'Plot D', 'Plot E', 'Plot F', 'Plot G', 'Plot H', 'Plot I', 'Plot J'],
      col: ['Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Jan'],
      panel: ['North', 'South', 'East', 'West', 'Upland', 'Lowland', 'Coast', 'Inland'],
    },
    longLabels: ['Solitary ground-nesting bees', 'Carabid ground beetles', 'Night-flying moths', 'Orb-weaving spiders', 'Wood ants (Formica)', 'Social paper wasps', 'Hoverflies and drone flies', 'Land snails and slugs', 'Soil-dwelling mites', 'Bush crickets', 'Sap-feeding aphids', 'Earthworms (Lumbricidae)'],
    headers: { series: 'Habitat', x: 'Survey week', y: 'Individuals per trap', err: 'Standard error', lo: 'Lower bound', hi: 'Upper bound', size: 'Biomass (mg)', category: 'Taxon', value: 'Individuals counted', group: 'Season', row: 'Plot', col: 'Month', panel: 'Transect', left: 'Soil moisture (%)', right: 'Ground temperature (°C)' },
  },
  {
    id: 'materials',
    labels: {
      series: ['Alloy 6061', 'Alloy 7075', 'Ti-6Al-4V', 'Inconel 718', 'Steel 316L', 'Brass C260', 'Copper C110', 'Magnesium AZ31'],
      category: ['Annealed', 'Quenched', 'Tempered', 'Aged', 'Cold-rolled', 'Forged', 'Cast', 'Sintered', 'Welded', 'Coated', 'Nitrided', 'Polished'],
      group: ['Batch 1', 'Batch 2', 'Batch 3', 'Batch 4', 'Batch 5', 'Batch 6', 'Batch 7', 'Batch 8'],
      row: ['Sample 1', 'Sample 2', 'Sample 3', 'Sample 4', 'Sample 5', 'Sample 6', 'Sample 7', 'Sample 8', 'Sample 9', 'Sample 10'],
      col: ['20 °C', '100 °C', '200 °C', '300 °C', '400 °C', '500 °C', '600 °C', '700 °C', '800 °C', '900 °C'],
      panel: ['Tension', 'Compression', 'Shear', 'Torsion', 'Fatigue', 'Creep', 'Impact', 'Bending'],
    },
    longLabels: ['Solution annealed at 1050 °C', 'Water quenched from 900 °C', 'Tempered twice at 550 °C', 'Precipitation aged 24 h', 'Cold-rolled to 40 % reduction', 'Closed-die forged', 'Investment cast', 'Vacuum sintered powder', 'Laser-welded seam', 'Plasma-sprayed coating', 'Gas nitrided surface', 'Mirror polished surface'],
    headers: { series: 'Material', x: 'Strain (%)', y: 'Stress (MPa)', err: 'Standard deviation', lo: 'Lower limit', hi: 'Upper limit', size: 'Grain size (µm)', category: 'Treatment', value: 'Hardness (HV)', group: 'Batch', row: 'Specimen', col: 'Test temperature', panel: 'Load case', left: 'Elongation (%)', right: 'Yield strength (MPa)' },
  },
  {
    id: 'neuroscience',
    labels: {
      series: ['V1', 'V2', 'MT', 'LIP', 'FEF', 'PFC', 'Hippocampus', 'Thalamus'],
      category: ['Go', 'No-go', 'Delay', 'Cue', 'Reward', 'Error', 'Fixation', 'Saccade', 'Rest', 'Probe', 'Catch', 'Timeout'],
      group: ['Mouse 1', 'Mouse 2', 'Mouse 3', 'Mouse 4', 'Mouse 5', 'Mouse 6', 'Mouse 7', 'Mouse 8'],
      row: ['Unit 1', 'Unit 2', 'Unit 3', 'Unit 4', 'Unit 5', 'Unit 6', 'Unit 7', 'Unit 8', 'Unit 9', 'Unit 10'],
      col: ['0°', '45°', '90°', '135°', '180°', '225°', '270°', '315°', '360°', '405°'],
      panel: ['Session 1', 'Session 2', 'Session 3', 'Session 4', 'Session 5', 'Session 6', 'Session 7', 'Session 8'],
    },
    longLabels: ['Go trials with high contrast', 'No-go trials after a lure', 'Memory delay period', 'Visual cue onset window', 'Juice reward delivery', 'Error trials (wrong lick)', 'Central fixation epoch', 'Saccade to target', 'Inter-trial rest', 'Probe stimulus flash', 'Catch trials without stimulus', 'Timeout after an error'],
    headers: { series: 'Area', x: 'Time from stimulus (ms)', y: 'Firing rate (Hz)', err: 'SEM', lo: 'Lower CI', hi: 'Upper CI', size: 'Spike count', category: 'Trial type', value: 'Response rate (Hz)', group: 'Animal', row: 'Neuron', col: 'Stimulus orientation', panel: 'Recording', left: 'Pupil diameter (mm)', right: 'Running speed (cm/s)' },
  },
  {
    id: 'climate',
    labels: {
      series: ['Oslo', 'Lagos', 'Lima', 'Perth', 'Tokyo', 'Denver', 'Cairo', 'Reykjavik'],
      category: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
      group: ['1960s', '1970s', '1980s', '1990s', '2000s', '2010s', '2020s', 'Projection'],
      row: ['Arctic', 'Boreal', 'Temperate', 'Subtropical', 'Tropical', 'Arid', 'Alpine', 'Maritime', 'Monsoon', 'Polar'],
      col: ['1950', '1960', '1970', '1980', '1990', '2000', '2010', '2020', '2030', '2040'],
      panel: ['Station A', 'Station B', 'Station C', 'Station D', 'Station E', 'Station F', 'Station G', 'Station H'],
    },
    longLabels: ['January (midwinter)', 'February (late winter)', 'March (early spring)', 'April (spring thaw)', 'May (late spring)', 'June (early summer)', 'July (midsummer)', 'August (late summer)', 'September (early autumn)', 'October (autumn rains)', 'November (late autumn)', 'December (early winter)'],
    headers: { series: 'City', x: 'Day of year', y: 'Temperature anomaly (K)', err: 'Uncertainty', lo: 'Lower bound', hi: 'Upper bound', size: 'Precipitation (mm)', category: 'Month', value: 'Rainfall (mm)', group: 'Decade', row: 'Climate zone', col: 'Year', panel: 'Weather station', left: 'CO2 concentration (ppm)', right: 'Sea level change (mm)' },
  },
  {
    id: 'genomics',
    labels: {
      series: ['Wild type', 'Knockout', 'Heterozygous', 'Rescue', 'Overexpression', 'Mock', 'Vehicle', 'Inhibitor'],
      category: ['BRCA1', 'TP53', 'MYC', 'EGFR', 'KRAS', 'PTEN', 'APC', 'RB1', 'CDK4', 'BRAF', 'PIK3CA', 'NRAS'],
      group: ['Liver', 'Lung', 'Kidney', 'Heart', 'Brain', 'Spleen', 'Muscle', 'Skin'],
      row: ['GATA1', 'SOX2', 'PAX6', 'FOXP3', 'NANOG', 'OCT4', 'HNF4A', 'MYOD1', 'TBX5', 'NKX2-5'],
      col: ['Ctrl', 'Heat', 'Cold', 'Hypoxia', 'Drug A', 'Drug B', 'UV', 'Starved', 'Serum', 'Osmotic'],
      panel: ['Replicate 1', 'Replicate 2', 'Replicate 3', 'Replicate 4', 'Replicate 5', 'Replicate 6', 'Replicate 7', 'Replicate 8'],
    },
    longLabels: ['BRCA1 (DNA repair)', 'TP53 (tumour suppressor)', 'MYC (transcription factor)', 'EGFR (growth factor receptor)', 'KRAS (GTPase signalling)', 'PTEN (phosphatase)', 'APC (Wnt pathway regulator)', 'RB1 (cell-cycle checkpoint)', 'CDK4 (cyclin-dependent kinase)', 'BRAF (serine/threonine kinase)', 'PIK3CA (PI3K catalytic subunit)', 'NRAS (neuroblastoma RAS)'],
    headers: { series: 'Genotype', x: 'Hours after treatment', y: 'Expression (TPM)', err: 'Standard error', lo: 'Lower quartile', hi: 'Upper quartile', size: 'Read depth (M)', category: 'Gene', value: 'Fold change', group: 'Tissue', row: 'Transcription factor', col: 'Condition', panel: 'Replicate', left: 'Cell count (10^3)', right: 'Viability (%)' },
  },
  {
    id: 'energy',
    labels: {
      series: ['Solar', 'Wind', 'Hydro', 'Nuclear', 'Gas', 'Coal', 'Biomass', 'Geothermal'],
      category: ['Norway', 'Spain', 'Chile', 'Kenya', 'Japan', 'Canada', 'India', 'Brazil', 'Egypt', 'Iceland', 'Poland', 'Vietnam'],
      group: ['Plant 1', 'Plant 2', 'Plant 3', 'Plant 4', 'Plant 5', 'Plant 6', 'Plant 7', 'Plant 8'],
      row: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Holiday', 'Peak day', 'Storm day'],
      col: ['00h', '03h', '06h', '09h', '12h', '15h', '18h', '21h', '22h', '23h'],
      panel: ['Grid A', 'Grid B', 'Grid C', 'Grid D', 'Grid E', 'Grid F', 'Grid G', 'Grid H'],
    },
    longLabels: ['Norway (hydro-dominated grid)', 'Spain (solar and wind mix)', 'Chile (Atacama solar)', 'Kenya (geothermal base load)', 'Japan (post-2011 mix)', 'Canada (provincial grids)', 'India (coal transition)', 'Brazil (hydro and biomass)', 'Egypt (gas and solar)', 'Iceland (geothermal and hydro)', 'Poland (coal phase-out)', 'Vietnam (rapid solar build-out)'],
    headers: { series: 'Source', x: 'Year', y: 'Generation (TWh)', err: 'Uncertainty', lo: 'Low scenario', hi: 'High scenario', size: 'Capacity (GW)', category: 'Country', value: 'Share of supply (%)', group: 'Power plant', row: 'Day', col: 'Hour', panel: 'Grid operator', left: 'Demand (GW)', right: 'Spot price (EUR/MWh)' },
  },
  {
    id: 'medicine',
    labels: {
      series: ['Placebo', 'Low dose', 'Mid dose', 'High dose', 'Standard care', 'Combination', 'Open label', 'Crossover'],
      category: ['Headache', 'Nausea', 'Fatigue', 'Dizziness', 'Rash', 'Insomnia', 'Cough', 'Fever', 'Anxiety', 'Back pain', 'Myalgia', 'Dry mouth'],
      group: ['Site 1', 'Site 2', 'Site 3', 'Site 4', 'Site 5', 'Site 6', 'Site 7', 'Site 8'],
      row: ['18-29', '30-39', '40-49', '50-59', '60-69', '70-79', '80+', 'Paediatric', 'Pregnant', 'Renal'],
      col: ['Week 0', 'Week 2', 'Week 4', 'Week 8', 'Week 12', 'Week 16', 'Week 24', 'Week 36', 'Week 48', 'Week 52'],
      panel: ['Cohort A', 'Cohort B', 'Cohort C', 'Cohort D', 'Cohort E', 'Cohort F', 'Cohort G', 'Cohort H'],
    },
    longLabels: ['Tension-type headache', 'Nausea without vomiting', 'Persistent fatigue', 'Postural dizziness', 'Maculopapular rash', 'Sleep-onset insomnia', 'Dry persistent cough', 'Fever above 38 °C', 'Generalised anxiety', 'Lower back pain', 'Muscle aches (myalgia)', 'Dry mouth (xerostomia)'],
    headers: { series: 'Arm', x: 'Days since enrolment', y: 'Systolic pressure (mmHg)', err: 'Standard error', lo: 'Lower 95% CI', hi: 'Upper 95% CI', size: 'Patients', category: 'Adverse event', value: 'Patients reporting', group: 'Trial site', row: 'Age band', col: 'Visit', panel: 'Cohort', left: 'Plasma level (ng/mL)', right: 'Heart rate (bpm)' },
  },
  {
    id: 'astronomy',
    labels: {
      series: ['M31', 'M33', 'NGC 300', 'NGC 6822', 'IC 1613', 'LMC', 'SMC', 'Leo I'],
      category: ['O', 'B', 'A', 'F', 'G', 'K', 'M', 'L', 'T', 'Y', 'WD', 'NS'],
      group: ['Field 1', 'Field 2', 'Field 3', 'Field 4', 'Field 5', 'Field 6', 'Field 7', 'Field 8'],
      row: ['u', 'g', 'r', 'i', 'z', 'y', 'J', 'H', 'K', 'W1'],
      col: ['z=0.1', 'z=0.3', 'z=0.5', 'z=0.7', 'z=0.9', 'z=1.1', 'z=1.3', 'z=1.5', 'z=1.7', 'z=1.9'],
      panel: ['Run 1', 'Run 2', 'Run 3', 'Run 4', 'Run 5', 'Run 6', 'Run 7', 'Run 8'],
    },
    longLabels: ['O-type blue supergiants', 'B-type main sequence', 'A-type (Vega-like)', 'F-type dwarfs', 'G-type (Sun-like)', 'K-type orange dwarfs', 'M-type red dwarfs', 'L-type brown dwarfs', 'T-type methane dwarfs', 'Y-type coolest dwarfs', 'White dwarf remnants', 'Neutron star candidates'],
    headers: { series: 'Galaxy', x: 'Radius (kpc)', y: 'Surface brightness (mag/arcsec2)', err: 'Photometric error', lo: 'Lower bound', hi: 'Upper bound', size: 'Mass (10^9 Msun)', category: 'Spectral class', value: 'Stars catalogued', group: 'Survey field', row: 'Band', col: 'Redshift bin', panel: 'Simulation run', left: 'Flux (mJy)', right: 'Spectral index' },
  },
];
