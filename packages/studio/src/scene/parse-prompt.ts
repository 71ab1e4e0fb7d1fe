/**
 * Reads a free-text prompt into a Scene: subjects, colours, light, weather and mood.
 * A keyword reader, not a language model: it knows a few hundred words and their synonyms,
 * and ties a colour to the noun that follows it ("purple mountains") or, failing that, to the
 * noun before it ("mountains in purple"), else to the whole palette.
 */
import { artSubjectId } from "../subjects/art-subject";
import { canRide, joinName, MULTI_WORD_NAMES, subjectById, subjectByWord, subjectIs } from "../subjects/library";
import type { Pose, Relation, SubjectDefinition, Thing } from "../subjects/types";
import { drawingByHexcode, drawingsNamed, namesDrawing, WHOLE_NAME } from "../vocabulary/art-set";
import {
  isBodyPart,
  isCuisine,
  isHintedName,
  isThingSense,
  type NounTarget,
  readNounPhrase,
  roleTool,
} from "../vocabulary/read-noun";
import { isKindOf, isVerbForm, lookupNoun, readSynset } from "../vocabulary/wordnet";
import { COLOR_WORDS, mix } from "./colors";
import type {
  ColorTarget,
  Mood,
  RGB,
  RoomKind,
  Scene,
  Vessel,
  Season,
  SubjectKind,
  TimeOfDay,
  TreeKind,
  Weather,
  World,
  WordReading,
} from "./types";

export type { Scene } from "./types";

/** Multi-word phrases first, rewritten to one token so the word loop sees them whole. */
/** Books whose pictures name a style: a comic book, a graphic novel, a children's or picture book. */
const STYLE_BOOK =
  "(?:comic[\\s-]*book|graphic\\s+novel|(?:childrens|children'?s?|kids)\\s+(?:story\\s*|picture\\s*)?book|picture\\s*book|story\\s*book)";

const PHRASES: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  [/\bmilky\s+way\b/g, "milkyway"],
  [/\bnorthern\s+lights\b|\bsouthern\s+lights\b|\baurora\s+borealis\b/g, "aurora"],
  [/\bgolden\s+hour\b/g, "goldenhour"],
  [/\bblue\s+hour\b/g, "dusk"],
  [/\bsnow[\s-]+(capped|covered|topped)\b/g, "snowy"],
  [/\bcherry\s+blossoms?\b/g, "pink blossoms trees"],
  // A decorated fir is a christmas tree, a thing of the subject library; plain firs and pines are the landscape's.
  [
    /\b(?:fir|pine|spruce)\s+tree\s+with\s+(?:fairy\s+|christmas\s+)?lights\b|\bdecorated\s+(?:fir\s+|pine\s+)?tree\b/g,
    "christmas tree",
  ],
  [/\bpine\s+trees?\b|\bfir\s+trees?\b|\bspruces?\b|\bevergreens?\b|\bconifers?\b/g, "pines"],
  [/\bpalm\s+trees?\b/g, "palms"],
  [/\bouter\s+space\b/g, "space"],
  // Under the sea: the picture is seen from below the surface (underwater.ts); so are the sea's depths.
  [/\b(?:the\s+)?(?:abyss|abyssal\s+depths|ocean\s+depths|depths\s+of\s+the\s+(?:sea|ocean))\b/g, "underwater"],
  [
    /\b(?:sea|ocean)\s+(?:floor|bed|bottom)\b|\bsea(?:bed|floor)\b|\b(?:under|beneath|below)\s+(?:the\s+)?(?:arctic\s+|antarctic\s+|sea\s+)?(?:sea|ocean|water|waves|surface|ice)\b|\bdeep\s+sea\b|\bundersea\b|\bthrough\s+(?:the\s+)?water\b/g,
    "underwater",
  ],
  // A balloon in a hand is a toy on a string; one over a village is a hot air balloon.
  [/\b(holding|holds|carrying|carries|with|clutching)\s+((?:\w+\s+){0,2}?)balloon(s?)\b/g, "$1 $2party balloon$3"],
  [/\bsky\s*line\b/g, "skyline"],
  [/\bsnow\s*globes?\b/g, "snowglobe"],
  // "a pile of old books" is the library's stack of books.
  [/\b(?:pile|stack|heap)s?\s+of\s+(?:[a-z]+\s+)?books\b/g, "stack of books"],
  // Landmarks whose names have "of" in them, and a square that is a street of new york.
  [/\bstatue\s+of\s+liberty\b/g, "statue_of_liberty"],
  [/\btimes\s+square\b/g, "new york street"],
  [/\bnew\s+years?\s+eve\b/g, "night"],
  // "studio ghibli style" is a style, not a studio; so are a children's book's pictures and a magazine's photos.
  [/\bstudio\s+ghibli\b/g, "ghibli"],
  [
    /\b(?:childrens|children|kids|picture)\s+(?:story\s*)?book\s+(illustration|illustrations|style|art|drawing|painting)s?\b/g,
    "$1",
  ],
  [/\bstorybook\s+(illustration|style|art)s?\b/g, "$1"],
  // Books that name a picture's style (issue 42): "…, comic book", "in the style of a picture book",
  // "graphic novel art". "A boy reading a comic book" keeps his book.
  [new RegExp(`\\b${STYLE_BOOK}s?\\s+(style|art|illustration|panel|drawing|painting)s?\\b`, "g"), "$1"],
  [new RegExp(`\\bin\\s+the\\s+style\\s+of\\s+(?:an?\\s+)?${STYLE_BOOK}s?\\b`, "g"), ""],
  [new RegExp(`,\\s*${STYLE_BOOK}s?\\s*(?=,|$)`, "g"), ","],
  // Clay animation and cel shading are how the picture is made, not things in it.
  [/\b(?:claymation|plasticine|play-?doh|stop[\s-]*motion|clay\s+animation|cel[\s-]*shad(?:ed|ing))\b/g, ""],
  [/\bnational\s+geographic\b/g, "photo"],
  // "leaning against a door": beside it.
  [/\b(?:leaning|leans|lean|propped|resting)\s+against\b/g, "beside"],
  [/\bagainst\b/g, "beside"],
  // "a school of fish", "a flock of birds": many of them, not a school building.
  [/\b(?:a\s+)?(?:school|shoal|swarm|flock|herd|pack|pod|colony|troop|gaggle|pride)s?\s+of\b/g, "many"],
  // A garden's flower beds are its flowers, not beds.
  [/\bflower\s*beds?\b/g, "flowers"],
  [/\bsky\s+blue\b/g, "azure"],
  // A crescent, a new moon and shooting stars are things of the subject library.
  [/\bfull\s+moon\b/g, "moon"],
  [/\bstill[\s-]+lifes?\b/g, "stilllife"],
  [/\bin\s+front\s+of\b/g, "before"],
  [/\b(living|dining|sitting)\s+room\b/g, "livingroom"],
  // A sunken ship, a diver, a swim over a reef: seen from under the water (underwater.ts).
  // (A sunken living room or conversation pit is only lower than the floor.)
  [/\bsunken\s+(?=(?:conversation|living|lounge|garden|bath|tub|pit|room|floor|patio|den)\b)/g, ""],
  [/\b(sunken|shipwrecked)\b/g, "underwater"],
  [/\bhoarfrost\b/g, "frost"],
  // "a mason jar full of fireflies": the fireflies in a jar.
  [
    /\b(?:an?\s+)?(?:mason\s+|glass\s+|big\s+|small\s+|little\s+)?(jar|bottle|snowglobe)\s+(?:full\s+of|filled\s+with)\s+([a-z]+)/g,
    "$2 in a $1",
  ],
  // A submarine exploring is under the sea; a blue hole is the sea's deep, not a golf hole.
  [/\b(submarines?)\b(?!.*\b(?:surfac\w*|harbou?r|port|dock)\b)/g, "$1 underwater"],
  [/\b(?:deep\s+)?blue\s+holes?\b/g, "underwater"],
  [/\b(?:scuba\s+|deep\s+sea\s+)?divers?\b(?!.*\bunderwater\b)/g, "diver underwater"],
  [
    /\b(swimming|swims|swim|diving|dives)\s+(over|above|among|around|through|by|near)\s+((?:a|an|the)\s+)?((?:\w+\s+){0,2}?)(coral|reef)/g,
    "$1 underwater $2 $3$4$5",
  ],
  // Big Ben is a clock tower, not a Scottish mountain; Venice's canals are a town on the water.
  [/\b(?:the\s+)?eiffel\s+tower\b|\beiffel\b/g, "paris eiffel"],
  // The Golden Gate is a red bridge, not a gate.
  [/\bgolden\s+gate(?:\s+bridge)?\b/g, "red bridge"],
  // "tacos al pastor" are tacos, not a priest; a space station is a satellite out in space.
  [/\bal\s+pastor\b/g, ""],
  // A market is a row of stalls ("a busy street market", "a night market in taipei").
  [/\b(?:busy\s+|open[\s-]+air\s+|farmers?\s+)?markets?(?!\s+(?:stalls?|stands?|square))\b/g, "market stalls"],
  // A picnic blanket is spread on the grass, not in a bedroom ("a picnic on a blanket" too).
  [/\b(picnic\b[^,.;]*?\bon\s+(?:a|the)\s+)(blanket|cloth|rug)s?\b/g, "$1picnic $2"],
  [/\bpicnic\s+(blanket|cloth|rug)s?\b/g, "picnic_$1 on the grass"],
  // "a couple walking on the beach", "a family having a picnic": people.
  [/\b(?:a\s+)?(?:young\s+|old\s+|elderly\s+|happy\s+)?couple\b(?!\s+of)/g, "a man and a woman"],
  [/\b(?:a\s+)?(?:young\s+|happy\s+)?family\b(?!\s+of)/g, "a man and a woman and a child"],
  [/\b(?:the\s+)?(?:international\s+)?space\s+station\b|\biss\b/g, "satellite in space"],
  // An asteroid field is out in space, not a meadow.
  [/\basteroid\s+(?:field|belt)s?\b/g, "asteroids"],
  // A car, a motorbike or a plane named by its maker and model is the maker's: "a 1967 ford mustang
  // fastback" is a car, not a horse; "a porsche 911", "a jeep wrangler", "a boeing 747".
  [
    /\b(ford|chevrolet|chevy|dodge|jeep|toyota|nissan|honda|mazda|subaru|porsche|ferrari|lamborghini|bmw|audi|mercedes(?:\s+benz)?|volkswagen|vw|tesla|cadillac|volvo|datsun|mclaren|bugatti|delorean|harley(?:\s+davidson)?|ducati|vespa|boeing|airbus|land\s+rover|range\s+rover|aston\s+martin|rolls\s+royce|mini\s+cooper|fiat|citroen|peugeot|renault|alfa\s+romeo|lancia|saab|skoda|opel|kia|hyundai|lexus|triumph)\s+(?:model\s+\w+|[a-z]*\d[a-z0-9]*|defender|discovery|evoque|chiron|veyron|vantage|phantom|bonneville|mustang|impala|supra|wrangler|camaro|corvette|charger|challenger|civic|corolla|beetle|golf|countach|aventador|huracan|diablo|testarossa|cybertruck|skyline|miata|cherokee|bronco|thunderbird|chevelle|gto)(?:\s+(?:[a-z]*\d[a-z0-9]*|fastback|convertible|coupe|gt|gti|gtr|lowrider|sedan|roadster|hatchback|pickup))*\b/g,
    "$1",
  ],
  [/\bsupermarine\s+spitfire\b/g, "spitfire"],
  // "an alien planet", "a distant world", "an alien jungle": another world, the ground of the picture (worlds.ts).
  [
    /\b(?:an?\s+|the\s+)?(?:alien|distant|another|other|strange|unknown|faraway|far\s+away|exotic|extraterrestrial|foreign)\s+(?:planet|world|landscape|terrain|surface)s?\b|\bexoplanets?\b/g,
    "exoplanet",
  ],
  [/\balien\s+(jungle|forest|desert|ocean|sea|city|plants?|flora|vegetation|sky)\b/g, "exoplanet $1"],
  [/\b(desert|ice|icy|ocean|jungle|forest|rocky|frozen|volcanic|lava|barren)\s+(?:planet|world)s?\b/g, "exoplanet $1"],
  [/\bmars\s+(colony|base|outpost|settlement|habitat|city)\b/g, "city on mars"],
  [
    /\bmartian\s+(?:landscape|surface|desert|terrain|plains?)?\b|\b(?:the\s+)?(?:surface|plains?|deserts?)\s+of\s+mars\b|\bmars\s+(?:surface|landscape|desert|terrain)\b/g,
    "on mars",
  ],
  // An animal cooked is meat, not the living animal: "roast turkey", "indian butter chicken", "lamb tagine", "chicken curry".
  [
    /\b(roast|roasted|fried|grilled|bbq|barbecued?|butter|tandoori|smoked|baked|braised|crispy|jerk|teriyaki|glazed|stuffed|peking|korean|japanese|chinese|thai|vietnamese|indian|mexican|italian|french|spanish|greek|turkish|moroccan|lebanese|ethiopian|peruvian|brazilian|german|russian|persian|filipino|indonesian|malaysian|hawaiian|cajun|cuban|jamaican)\s+(?:chicken|turkey|duck|goose|hen)s?\b/g,
    "$1 drumstick",
  ],
  [
    /\b(roast|roasted|grilled|bbq|barbecued?|smoked|braised|korean|japanese|chinese|thai|vietnamese|indian|mexican|italian|french|spanish|greek|turkish|moroccan|lebanese|ethiopian|peruvian|brazilian|german|russian|persian|filipino|indonesian|malaysian|hawaiian|cajun|cuban|jamaican)\s+(?:lamb|pork|beef|pig|boar|venison)\b/g,
    "$1 meat",
  ],
  [
    /\b(?:chicken|lamb|beef|pork|duck|fish|shrimp|prawn)\s+(curry|stew|soup|tagine|ramen|kebabs?|skewers?|tacos?|burritos?|noodles|pho)\b/g,
    "$1",
  ],
  // A rocket ship is a rocket; a cliff face or a rocky ledge a cliff; "standing guard" standing; a
  // wood-fired oven no wood; a wind-up or a tin robot toy the robot; an orbital station a satellite.
  [/\brocket\s*ships?\b/g, "rocket"],
  [/\bblade\s+runner\b/g, ""],
  [/\b(?:cliff|rock)\s+face\b|\b(?:rocky\s+)?(?:ledge|outcrop|crag)s?\b/g, "cliff"],
  [/\bstanding\s+guard\b/g, "standing"],
  [/\bwood[\s-]+fired\b/g, ""],
  [/\bwind[\s-]+up\b/g, "clockwork"],
  [/\b(robot|dinosaur|soldier|train|car|horse)\s+toys?\b/g, "toy $1"],
  [/\borbital\s+station\b/g, "satellite in space"],
  [/\b(?:st|saint)\s+patricks?\s+day\b/g, "green"],
  // "a bull moose", "a bull elephant": the male of the animal, not a cow.
  [/\b(?:bull|cow)\s+(moose|elephants?|elk|seals?|walrus|whales?|giraffes?)\b/g, "$1"],
  // Artists named for their style are no things in the picture ("by greg rutkowski", "alphonse mucha").
  [
    /\b(?:(?:in\s+the\s+style\s+of|by)\s+)?(?:greg\s+rutkowski|alphonse\s+mucha|syd\s+mead|artgerm|wlop|makoto\s+shinkai|hayao\s+miyazaki|rembrandt|(?:vincent\s+)?van\s+gogh|(?:claude\s+)?monet|picasso|(?:salvador\s+)?dali|(?:gustav\s+)?klimt|hokusai|beeple|james\s+gurney|thomas\s+kinkade|moebius|ross\s+tran|loish|ilya\s+kuvshinov|craig\s+mullins|simon\s+stalenhag|beksinski|(?:h\s*r\s+)?giger|frank\s+frazetta|norman\s+rockwell|john\s+singer\s+sargent|sargent|wes\s+anderson|michelangelo)\b/g,
    "",
  ],
  [/\bart\s+(?:nouveau|deco)\b|\bwar\s+of\s+the\s+worlds\b|\barabian\s+nights\b|\bpaper\s*craft\b/g, ""],
  [/\bflat\s+(illustration|design|colou?rs?|vector|style|art|shading)\b/g, "$1"],
  [/\blunar\s+(base|colony|surface|landscape|outpost|crater|mining)/g, "$1 on the moon"],
  [/\bmonsoon\b/g, "rain"],
  // Rain boots are boots (not rain).
  [/\b(?:rain|rubber)\s+boots\b|\bwellies\b/g, "boots"],
  // A pink bow, a hair bow: a ribbon, not an archer's bow.
  [
    /\b(pink|red|blue|yellow|white|black|purple|green|gold|golden|silver|big|little|tiny|small|silk|satin|velvet|hair|polka\s+dot)\s+bows?\b/g,
    "$1 ribbon",
  ],
  [/\bsnow\s+(?:falls|falling|fell)\b/g, "snowing"],
  // A three-headed hydra is one hydra; a nine-tailed fox one fox.
  [
    /\b(?:two|three|four|five|six|seven|eight|nine|ten|multi|many)[\s-]+(?:headed|tailed|armed|legged|eyed|winged)\b/g,
    "",
  ],
  [/\bblood\s+moon\b/g, "red moon"],
  [/\btai\s+chi\b/g, "yoga"],
  // "a ball of yarn", "a bait ball of herring": the yarn, the herring; a pangolin curled into a ball is curled.
  [/\bcurled\s+(?:up\s+)?into\s+a\s+ball\b/g, "curled"],
  [/\b(?:bait\s+)?balls?\s+of\s+/g, ""],
  [/\bforest\s+floor\b/g, "forest"],
  // A muddy bank is a river's, not a bank's building.
  [/\b(?:muddy|grassy|sandy|steep|mossy|river|rivers)\s+banks?\b/g, "river"],
  [/\b(?:hotel|motel)\s+rooms?\b/g, "bedroom"],
  // "rainbow sprinkles", "a rainbow cake": colourful, not a rainbow in the sky.
  [
    /\brainbow\s+(?!(?:over|above|in|across|after|behind|and|with|on|at|arching|appears|stretching|stretches|arcs?|rising|shining|sky|skies)\b)(?=[a-z])/g,
    "colorful ",
  ],
  // A beach bar is on the beach; a cocktail or wine bar a cafe, not a chocolate bar.
  [/\b(?:beach|tiki)\s+bars?\b/g, "beach"],
  [/\b(?:cocktail|wine|juice|sushi|snack|hotel|sports|karaoke|piano|jazz)\s+bars?\b/g, "cafe"],
  // A frog knight, a cat wizard, a fox king: the animal in the part, with what the part holds or wears.
  [
    /\b(cats?|kittens?|dogs?|puppy|puppies|fox|foxes|frogs?|toads?|mouse|mice|rats?|rabbits?|bunny|bunnies|bears?|owls?|raccoons?|hamsters?|corgis?|pugs?|penguins?|turtles?|hedgehogs?|squirrels?|ducks?|pigs?|lions?|tigers?|wolf|wolves|otters?|pandas?|koalas?|capybaras?|sloths?|goats?|monkeys?|badgers?|shiba|axolotls?|lizards?|chickens?|hens?|geese|goose|crows?|ravens?|deer|moles?|beavers?)\s+(knight|warrior|samurai|soldier|viking|pirate|wizard|mage|sorcerer|witch|king|queen|prince|princess|archer|chef|detective|astronaut|ninja|musician|painter|gardener)s?\b/g,
    (_: string, animal: string, role: string) => `${animal} ${ANIMAL_ROLES[role]}`,
  ],
  // "sea lion pups", "fox cubs", "a golden retriever puppy": the young are their kind (a puppy alone is a dog).
  [
    /\b([a-z]+)\s+(pups?|puppies|puppy|kittens?|cubs?|calf|calves|foals?|chicks?|hatchlings?|joeys?)\b/g,
    (match: string, name: string, young: string) =>
      isAnimalName(name) && !isAnimalName(`${name} ${young}`)
        ? /s$/.test(young)
          ? `${name}${/(s|x|z|ch|sh)$/.test(name) ? "es" : "s"}`
          : name
        : match,
  ],
  // Words of the picture's making and idioms that name no thing: "shallow depth of field", "a drone
  // shot", "post apocalyptic", "liminal space", "game of thrones vibes", "a cafe racer", "ink wash".
  [
    /\bdepth\s+of\s+field\b|\bliminal\s+space\b|\bgame\s+of\s+thrones\b|\bmagazine\s+cover\b|\bshower\s+of\s+sparks\b/g,
    "",
  ],
  [/\bdrone\s+(?:shot|view|photo|photography|footage)\b/g, "aerial view"],
  [/\b(?:hard\s+|retro\s+)?sci[\s-]?fi\b|\bscience\s+fiction\b/g, ""],
  [/\bpost[\s-]+apocalyptic\b/g, "ruined"],
  [/\bcafe\s+racer\b/g, "racing"],
  [/\bink\s+wash\b/g, "ink"],
  [/\btoy\s+photography\b/g, "photo"],
  [/\bhairpin\s+(?:turn|bend)s?\b/g, "road"],
  [/\bdive\s+bars?\b/g, "cafe"],
  [/\bhorse[\s-]+drawn\s+(carriage|cart|sleigh|wagon)s?\b/g, "horse pulling a $1"],
  [/\bsr[\s-]?71(?:\s+blackbird)?\b/g, "jet airplane"],
  [/\bteacup\s+(pigs?|puppy|puppies|dogs?|chihuahuas?|yorkies?|poodles?|kittens?)\b/g, "tiny $1"],
  [/\bdeck\s+of\s+(?:playing\s+)?cards\b/g, "playing cards"],
  [/\b([a-z]+)\s+characters?\b/g, "$1"],
  // "a dentist waiting room", "a dorm room": a room, not a house.
  [
    /\b(?:waiting|dorm|music|game|play|war|control|engine|reading|guest|spare|boiler|karaoke|trophy|laundry|locker|break|changing|dressing|server|panic|escape|mail|storage)\s+rooms?\b/g,
    "room",
  ],
  // Rio is a city by the sea, not a piñata.
  [/\brio\s+de\s+janeiro\b/g, "rio city by the sea"],
  [/\b(?:on\s+a\s+)?space\s*walk(?:ing)?\b/g, "floating in space"],
  // A launch pad is where a rocket stands, not a notepad.
  [/\blaunch\s*pad\b/g, "desert"],
  // A home office or gym is a room, not a house.
  [/\bhome\s+(office|gym|studio|library|cinema|theater|theatre)\b/g, "$1"],
  [/\b(?:sun|light|god)\s*(?:rays|beams)\b|\b(?:shafts?|rays?|beams?)\s+of\s+(?:sun)?light\b/g, "sunrays"],
  // Leaves fallen in autumn are the season's, not three big drawings of a leaf; a goldfish bowl holds a goldfish.
  [/\b(?:autumn|fall|fallen)\s+leaves\b/g, "autumn trees"],
  [/\b(?:gold)?fish\s*bowls?\b/g, "goldfish in a bowl"],
  [/\bvenice\b|\bvenetian\b/g, "harbour"],
  [/\b(?:coffee|tea)\s+(?:shop|house|room)\b/g, "cafe"],
  // "reading by the fire" and "a fireplace with a roaring fire" are a hearth indoors; a fire named
  // otherwise ("around a fire") is a campfire; a dragon's fire and a house "on fire" are none.
  [/\bfire[\s-]+breathing\b|\bon\s+fire\b|\b((?:breath|spit)\w*)\s+fire\b/g, "$1"],
  [/\b(by|beside|before)\s+the\s+fire\b(?!\s+place)/g, "$1 the fireplace"],
  [
    /\bfire\b(?!\s+place)(?=.*\b(?:fire\s*place|hearth|fireside)\b)|(?<=\b(?:fire\s*place|hearth|fireside)\b.*)\bfire\b(?!\s+place)/g,
    "fireplace",
  ],
];

const SUBJECT_WORDS: Record<string, SubjectKind> = {};
const subjectWords = (kind: SubjectKind, words: string) => {
  for (const w of words.split(" ")) SUBJECT_WORDS[w] = kind;
};
subjectWords(
  "mountains",
  "mountain mountains peak peaks alps alpine summit summits range ranges ridge ridges himalaya himalayas volcano volcanoes cliff cliffs canyon canyons fjord fjords massif",
);
subjectWords(
  "sea",
  "sea seas ocean oceans waves wave coast coastline bay harbor harbour harbors harbours port marina quay wharf pier jetty dock docks seascape surf",
);
subjectWords("lake", "lake lakes pond ponds lagoon loch reflection reflections mirror");
subjectWords("river", "river rivers stream streams creek brook canal waterfall waterfalls");
subjectWords("forest", "forest forests woods woodland woodlands jungle rainforest taiga grove");
subjectWords("trees", "tree trees pines pine palms palm oak oaks birch birches willow willows blossoms");
subjectWords(
  "city",
  "city cities skyline skyscraper skyscrapers metropolis downtown buildings building street streets cyberpunk town towns",
);
subjectWords(
  "village",
  "village villages house houses cottage cottages cabin cabins hut huts farm farmhouse barn chalet hamlet church",
);
subjectWords("castle", "castle castles palace fortress citadel kingdom tower towers");
subjectWords("desert", "desert deserts dune dunes sahara sand sands oasis");
subjectWords("moon", "moon moons moonlight moonlit moonrise lunar");
subjectWords("sun", "sun suns sunlight sunshine sunbeams sunrays");
subjectWords("stars", "star stars starry starlit starlight constellation constellations");
subjectWords("galaxy", "galaxy galaxies milkyway nebula nebulae cosmos universe space cosmic asteroid asteroids");
subjectWords("aurora", "aurora auroras");
subjectWords("clouds", "cloud clouds cloudy overcast");
subjectWords(
  "flowers",
  "flower flowers floral tulips tulip roses rose poppies poppy lavender sunflowers sunflower wildflowers daisies daisy garden gardens bloom blooms blooming orchids lilies",
);
subjectWords(
  "meadow",
  "meadow meadows grass grassland field fields prairie pasture pastures savanna savannah serengeti veld lawn park parks picnic",
);
subjectWords("hills", "hill hills hillside hillsides valley valleys countryside dales highlands");
subjectWords("island", "island islands isle isles atoll islet");
subjectWords("beach", "beach beaches shore shores seaside");
subjectWords("rainbow", "rainbow rainbows");

/** Words that imply a subject as well as what they say (a sunset has a sun in it). */
const IMPLIED: Record<string, SubjectKind[]> = {
  garden: ["trees"],
  gardens: ["trees"],
  // A park is a lawn with trees and a path through it.
  park: ["trees"],
  parks: ["trees"],
  savanna: ["trees"],
  savannah: ["trees"],
  serengeti: ["trees"],
  veld: ["trees"],
  oasis: ["lake", "trees"],
  palms: ["trees"],
  canyon: ["desert"],
  canyons: ["desert"],
  fjord: ["lake"],
  fjords: ["lake"],
  beach: ["sea"],
  beaches: ["sea"],
  seaside: ["sea"],
  waterfall: ["mountains"],
  sunset: ["sun"],
  sunrise: ["sun"],
  moonlit: ["stars"],
  starry: ["stars"],
  space: ["stars"],
  cosmos: ["stars"],
  lavender: ["meadow"],
  sunflowers: ["meadow"],
  tulips: ["meadow"],
  poppies: ["meadow"],
  wildflowers: ["meadow"],
};

/** Words that make a prompt a landscape even with no subject: the renderer then paints sky and land. */
const SCENERY = new Set([
  "underwater",
  "sky",
  "skies",
  "landscape",
  "scenery",
  "horizon",
  "nature",
  "view",
  "vista",
  "panorama",
  "sunset",
  "sunrise",
  "dawn",
  "dusk",
  "twilight",
]);

/** Nouns a preceding colour describes (colour targets). Subject words map to their kind. */
const SKY_WORDS = new Set([
  "sky",
  "skies",
  "sunset",
  "sunrise",
  "dawn",
  "dusk",
  "twilight",
  "horizon",
  "goldenhour",
  "evening",
  "glow",
  "light",
  "atmosphere",
]);

const TIME_WORDS: Record<string, TimeOfDay> = {
  dawn: "dawn",
  sunrise: "dawn",
  daybreak: "dawn",
  morning: "morning",
  noon: "day",
  midday: "day",
  day: "day",
  daytime: "day",
  daylight: "day",
  afternoon: "day",
  sunny: "day",
  goldenhour: "golden",
  sunset: "sunset",
  sundown: "sunset",
  evening: "sunset",
  dusk: "dusk",
  twilight: "dusk",
  night: "night",
  nighttime: "night",
  midnight: "night",
  moonlit: "night",
  starry: "night",
  starlit: "night",
  nocturnal: "night",
};

const WEATHER_WORDS: Record<string, Weather> = {
  fog: "fog",
  foggy: "fog",
  mist: "fog",
  misty: "fog",
  haze: "fog",
  hazy: "fog",
  smoky: "fog",
  rain: "rain",
  rainy: "rain",
  raining: "rain",
  drizzle: "rain",
  showers: "rain",
  wet: "rain",
  storm: "storm",
  stormy: "storm",
  thunder: "storm",
  thunderstorm: "storm",
  lightning: "storm",
  tempest: "storm",
  snowing: "snow",
  snowfall: "snow",
  snowflakes: "snow",
  snowflake: "snow",
  blizzard: "snow",
  snowstorm: "snow",
};

/** What an animal in a part of a story holds or wears ("a frog knight" holds a sword). */
const ANIMAL_ROLES: Record<string, string> = {
  knight: "with a sword",
  warrior: "with a sword",
  samurai: "with a sword",
  soldier: "with a sword",
  pirate: "with a sword",
  viking: "with an axe",
  ninja: "with a dagger",
  wizard: "wearing a wizard hat with a magic wand",
  mage: "with a magic wand",
  sorcerer: "with a magic wand",
  witch: "with a magic wand",
  king: "wearing a crown",
  queen: "wearing a crown",
  prince: "wearing a crown",
  princess: "wearing a crown",
  archer: "with a bow and arrow",
  chef: "with a frying pan",
  detective: "with a magnifying glass",
  astronaut: "in space",
  musician: "with a guitar",
  painter: "with a palette",
  gardener: "with a potted plant",
};

/** Food and drink after "ice" or "frozen": "ice cream", "frozen yogurt". */
const COLD_FOOD =
  /^(creams?|ice_cream|cubes?|tea|coffee|latte|pops?|lolly|lollies|yogh?urt|margaritas?|drinks?|desserts?|treats?|berries|lemonade|cocktails?|daiquiris?|smoothies?|mango|fruit)$/;
const SNOWY_WORDS = new Set([
  "snow",
  "snowy",
  "winter",
  "wintry",
  "frozen",
  "ice",
  "icy",
  "frost",
  "frosty",
  "arctic",
  "glacier",
  "glaciers",
  "snowing",
  "snowfall",
  "blizzard",
  "snowstorm",
  "snowflakes",
]);

const MOOD_WORDS: Record<string, Mood> = {
  calm: "calm",
  peaceful: "calm",
  tranquil: "calm",
  quiet: "calm",
  still: "calm",
  gentle: "calm",
  serene: "serene",
  serenity: "serene",
  idyllic: "serene",
  dramatic: "dramatic",
  epic: "dramatic",
  majestic: "dramatic",
  powerful: "dramatic",
  intense: "dramatic",
  dark: "dark",
  ominous: "dark",
  sinister: "dark",
  eerie: "dark",
  spooky: "dark",
  creepy: "dark",
  haunted: "dark",
  gloomy: "gloomy",
  melancholy: "gloomy",
  melancholic: "gloomy",
  sad: "gloomy",
  bleak: "gloomy",
  somber: "gloomy",
  sombre: "gloomy",
  lonely: "gloomy",
  dreary: "gloomy",
  cheerful: "cheerful",
  happy: "cheerful",
  joyful: "cheerful",
  bright: "cheerful",
  vibrant: "cheerful",
  colorful: "cheerful",
  colourful: "cheerful",
  playful: "cheerful",
  sunny: "cheerful",
  lively: "cheerful",
  dreamy: "dreamy",
  dreamlike: "dreamy",
  magical: "dreamy",
  whimsical: "dreamy",
  fairytale: "dreamy",
  ethereal: "dreamy",
  enchanted: "dreamy",
  fantasy: "dreamy",
  pastel: "dreamy",
  soft: "dreamy",
  mysterious: "mysterious",
  mystical: "mysterious",
  mystic: "mysterious",
  enigmatic: "mysterious",
  mythical: "mysterious",
};

/** Words that change the colour word after them. */
const COLOR_MODIFIERS: Record<string, (c: RGB) => RGB> = {
  light: (c) => mix(c, [255, 255, 255], 0.4),
  pale: (c) => mix(c, [255, 255, 255], 0.5),
  pastel: (c) => mix(c, [255, 255, 255], 0.45),
  dark: (c) => mix(c, [0, 0, 0], 0.45),
  deep: (c) => mix(c, [0, 0, 0], 0.3),
  bright: (c) => c.map((v) => Math.min(255, v * 1.15)) as RGB,
  vivid: (c) => c.map((v) => Math.min(255, v * 1.15)) as RGB,
  neon: (c) => c.map((v) => Math.min(255, v * 1.2)) as RGB,
};

/** Colours a flower word carries when the prompt gives none ("lavender field" is purple). */
const FLOWER_COLORS: Record<string, RGB> = {
  lavender: COLOR_WORDS.lavender!,
  sunflowers: [250, 200, 30],
  sunflower: [250, 200, 30],
  poppies: [225, 40, 30],
  poppy: [225, 40, 30],
  roses: [210, 30, 60],
  rose: [210, 30, 60],
  blossoms: [248, 180, 205],
  daisies: [250, 250, 245],
  daisy: [250, 250, 245],
};

function tokenize(prompt: string): string[] {
  // "a girl's shoulder" is one girl's: the possessive goes before the apostrophes do.
  let text = prompt
    .toLowerCase()
    // "café", "crème brûlée": the letters without their accents.
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’']s\b/g, "")
    .replace(/[’']/g, "");
  for (const [pattern, replacement] of PHRASES)
    text = typeof replacement === "string" ? text.replace(pattern, replacement) : text.replace(pattern, replacement);
  for (const [pattern, replacement] of MULTI_WORD_NAMES) text = text.replace(pattern, replacement);
  // Punctuation ends a colour's reach: "red, a mountain" should not make the mountain red.
  const tokens = text
    .replace(/[^a-z0-9_\s,.;:!?-]/g, " ")
    .replace(/([,.;:!?])/g, " $1 ")
    .replace(/-/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return joinCompounds(tokens);
}

/**
 * Nouns of two or three words that name one thing ("teddy bear", "ice cream cone", "new york",
 * "fire truck") become one token, "teddy_bear", when WordNet or the art set knows them as one
 * and none of their words is one the parser reads for itself (a colour, a count, a relation).
 */
function joinCompounds(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let joined = false;
    for (const n of [3, 2]) {
      const words = tokens.slice(i, i + n);
      if (words.length < n) continue;
      // A name Studio reads its own way ("red panda", "german shepherd") joins whatever its words.
      if (isHintedName(words.join(" "))) {
        out.push(words.join("_"));
        i += n - 1;
        joined = true;
        break;
      }
      // "bird bath", "sun flower", "fire place": two words that WordNet writes as one (but a "hot
      // dog" is no daredevil: a name of two words is read as two).
      if (n === 2 && words.every(isCompoundPart) && !isCompoundNoun(words) && isOneWordName(words)) {
        out.push(words.join(""));
        i += 1;
        joined = true;
        break;
      }
      // Words the parser reads for itself stay apart, unless together they name an animal ("sea horse").
      if (!words.every(isCompoundPart) || (words.every(isKnownWord) && !isAnimalName(words.join(" ")))) continue;
      // "a man walking": a figure and what it does, not the art set's "man walking".
      if (/(?:ing|ed)$/.test(words.at(-1)!)) continue;
      if (!isCompoundNoun(words)) continue;
      // "tropical fish" is a fish of the library's; a "teddy bear" is no bear.
      const head = words.at(-1)!;
      const library = subjectByWord(head)?.definition;
      // A kind the art set draws by its whole name is that drawing ("a bullet train", not the
      // library's steam train); other kinds of a library subject are that subject, posed and lit.
      if (library && !isOtherKind(words.join(" "), library) && !drawsKind(words)) {
        // "a barn owl", "a house cat": a kind named after a building or a made thing is only the
        // kind — no barn beside the owl. (A mountain goat keeps its mountains.)
        const first = subjectByWord(words[0]!)?.definition;
        if (
          n === 2 &&
          first &&
          first.category !== "animal" &&
          first.category !== "figure" &&
          library.category === "animal"
        ) {
          out.push(head);
          i += n - 1;
          joined = true;
          break;
        }
        continue;
      }
      out.push(words.join("_"));
      i += n - 1;
      joined = true;
      break;
    }
    if (!joined) out.push(tokens[i]!);
  }
  return out;
}

function isOneWordName(words: string[]): boolean {
  const joined = words.join("");
  if (subjectByWord(joined) || namesDrawing(joined, true)) return true;
  const entry = lookupNoun(joined) ?? lookupNoun(joined.replace(/s$/, ""));
  return entry !== undefined && isThingSense(entry.senses[0]!);
}

/** Whether the art set has a drawing by this whole name of a vehicle ("bullet train", "racing car"). */
function drawsKind(words: string[]): boolean {
  const drawing = drawingsNamed(words.join(" ").replace(/s$/, ""), [], WHOLE_NAME)[0];
  return drawing !== undefined && subjectById(artSubjectId(drawing))?.category === "vehicle";
}

const isAnimalSense = (offset: number) => readSynset(offset).lexName === "noun.animal";

function isAnimalName(name: string): boolean {
  const entry = lookupNoun(name);
  return entry !== undefined && isAnimalSense(entry.senses[0]!);
}

function isCompoundNoun(words: string[]): boolean {
  const last = words.at(-1)!;
  const singulars = [last, last.replace(/(?<=[^s])s$/, ""), last.replace(/ies$/, "y"), last.replace(/es$/, "")];
  for (const end of new Set(singulars)) {
    const phrase = [...words.slice(0, -1), end];
    if (namesDrawing(phrase.join(" "), true)) return true;
    for (const lemma of [phrase.join(" "), `${phrase[0]}-${phrase.slice(1).join(" ")}`]) {
      const entry = lookupNoun(lemma);
      if (entry && isThingSense(entry.senses[0]!)) return true;
    }
  }
  return false;
}

/** How many of a thing: "two foxes", "a pair of swans", "3 boats". */
const COUNT_WORDS: Record<string, number> = {
  one: 1,
  a: 1,
  an: 1,
  single: 1,
  lone: 1,
  two: 2,
  pair: 2,
  couple: 2,
  twin: 2,
  three: 3,
  four: 4,
  five: 5,
  several: 3,
  few: 3,
  some: 3,
  many: 5,
  flock: 5,
  herd: 5,
  group: 4,
};
/** A plural with no number: a few. */
const PLURAL_COUNT = 3;
const MAX_COUNT = 5;

/** Words that place one thing relative to the next thing or landscape named after it. */
const RELATION_WORDS: Record<string, Relation> = {
  on: "on",
  upon: "on",
  atop: "on",
  onto: "on",
  above: "above",
  over: "above",
  under: "under",
  below: "under",
  beneath: "under",
  underneath: "under",
  in: "in",
  inside: "in",
  within: "in",
  at: "by",
  by: "by",
  near: "by",
  beside: "by",
  around: "by",
  next: "by",
  before: "by",
  behind: "by",
  across: "on",
  crossing: "on",
  among: "by",
  amongst: "by",
  amid: "by",
  between: "by",
  along: "by",
};

/** Words that put the picture indoors: a room with a wall, a floor or a table top, maybe a window. */
const INDOOR_WORDS = new Set([
  "studio",
  "ballroom",
  "theater",
  "theatre",
  "dojo",
  "ballrooms",
  "cinema",
  "gym",
  "hallway",
  "bunker",
  "dungeon",
  "sauna",
  "chamber",
  "office",
  "playroom",
  "nursery",
  "lobby",
  "cellar",
  "basement",
  "attic",
  "mat",
  "mats",
  "corridor",
  "floor",
  "hall",
  "rug",
  "rugs",
  "carpet",
  "room",
  "rooms",
  "bedroom",
  "kitchen",
  "interior",
  "indoors",
  "indoor",
  "cafe",
  "study",
  "desk",
  "parlour",
  "parlor",
  "tabletop",
  "stilllife",
  "candlelight",
  "candlelit",
  "windowsill",
  "nook",
  "gym",
  "loft",
  "den",
  "hallway",
  "workshop",
  "museum",
  "gallery",
]);
const WINDOW_WORDS = new Set(["window", "windows", "windowsill"]);
/** Rooms by kind: each has walls and furniture of its own (interior.ts). */
const ROOM_KINDS: Record<string, RoomKind> = {
  bedroom: "bedroom",
  bedrooms: "bedroom",
  kitchen: "kitchen",
  kitchens: "kitchen",
  cafe: "cafe",
  cafes: "cafe",
  coffeehouse: "cafe",
  teahouse: "cafe",
  tearoom: "cafe",
  coffeeshop: "cafe",
  classroom: "classroom",
  classrooms: "classroom",
  schoolroom: "classroom",
  library: "library",
  libraries: "library",
  bookshop: "library",
  bookstore: "library",
  livingroom: "livingroom",
  lounge: "livingroom",
  restaurant: "cafe",
  restaurants: "cafe",
  diner: "cafe",
  bistro: "cafe",
  bakery: "cafe",
  pub: "cafe",
  tavern: "cafe",
  teashop: "cafe",
  sunroom: "livingroom",
  conservatory: "livingroom",
  // A shop is its shelves and counter, seen from inside ("a tiny flower shop", "a vintage record store").
  shop: "shop",
  store: "shop",
  boutique: "shop",
  pharmacy: "shop",
  apothecary: "shop",
  grocery: "shop",
  supermarket: "shop",
  florist: "shop",
  shopfront: "shop",
  toyshop: "shop",
  barbershop: "shop",
  laundromat: "shop",
  salon: "shop",
  parlor: "shop",
  parlour: "shop",
  sweetshop: "shop",
  giftshop: "shop",
  pawnshop: "shop",
  workshop: "shop",
  workshops: "shop",
  // A garage is a workshop's inside: shelves, a bench, the car.
  garage: "shop",
  garages: "shop",
  "jazz club": "cafe",
  club: "cafe",
  nightclub: "cafe",
  saloon: "cafe",
  cantina: "cafe",
  // "a small studio apartment": the inside of one, not an apartment building.
  apartment: "livingroom",
  apartments: "livingroom",
  flat: "livingroom",
  condo: "livingroom",
  penthouse: "livingroom",
};
/** What only a room of one kind has: a stove is the kitchen's, a pillow the bedroom's. */
const ROOM_THINGS: Record<string, RoomKind> = {
  stove: "kitchen",
  stoves: "kitchen",
  oven: "kitchen",
  cooker: "kitchen",
  pillow: "bedroom",
  pillows: "bedroom",
  blanket: "bedroom",
  blankets: "bedroom",
  blackboard: "classroom",
  chalkboard: "classroom",
  bookshelf: "library",
  bookshelves: "library",
  bookcase: "library",
  bathroom: "bathroom",
  bathrooms: "bathroom",
};
/** A room's own surfaces, painted with every room. */
const ROOM_SURFACES = new Set(["wall", "walls", "ceiling", "ceilings", "floor", "floors", "floorboards"]);
/** What a room's walls show of their own (interior.ts), read as the room, not drawn again. */
const ROOM_PARTS: Record<RoomKind, string[]> = {
  shop: ["shelf", "shelves", "counter", "jar", "jars"],
  bedroom: ["wallpaper"],
  kitchen: ["oven", "stove", "cooker", "cupboard", "cabinet", "counter", "countertop", "worktop", "tile"],
  cafe: ["counter", "menu", "chalkboard", "lamp", "barista"],
  classroom: ["blackboard", "chalkboard", "board", "chalk"],
  library: ["bookshelf", "bookshelve", "bookcase", "shelf", "shelve", "book"],
  livingroom: ["rug", "carpet"],
  bathroom: ["tile"],
};
/** What a room has when the prompt does not say, and what it stands on. */
const ROOM_FURNITURE: Record<RoomKind, [id: string, on?: string, scale?: number][]> = {
  bedroom: [["art:1f6cf"]],
  kitchen: [],
  cafe: [["table"], ["art:2615", "table", 0.4]],
  classroom: [["table"]],
  library: [],
  livingroom: [["art:1f6cb"]],
  bathroom: [["art:1f6c1"]],
  shop: [],
};
/** Words that take the picture inside even where a street is named ("inside a cafe on the corner"). */
const INSIDE_WORDS = new Set(["inside", "interior", "indoors", "indoor", "room", "rooms"]);
/** Words that put the eye at street level between buildings (street.ts). */
const STREET_WORDS = new Set([
  "street",
  "streets",
  "avenue",
  "avenues",
  "alley",
  "alleys",
  "alleyway",
  "sidewalk",
  "sidewalks",
  "crosswalk",
  "boulevard",
  "intersection",
  "crossroads",
]);
/** What a street has of its own: shop fronts, signs, awnings, a café's terrace. */
const STREET_PARTS = new Set(
  "sign signs neon shop shops storefront storefronts shopfront shopfronts awning awnings terrace terraces cafe cafes restaurant restaurants bar bars pavement pavements light lights streetlight streetlights streetlamp streetlamps".split(
    " ",
  ),
);
/** Clothes worn by a figure or an animal, and where: behind it, on its feet, or its clothes' colour. */
const GARMENTS: Record<string, "back" | "feet" | "body"> = Object.fromEntries(
  (
    [
      ["back", "cape capes cloak cloaks mantle"],
      ["feet", "boots boot shoes sneakers trainers wellies wellingtons"],
      [
        "body",
        "coat coats raincoat raincoats jacket jackets sweater sweaters jumper jumpers hoodie hoodies dress dresses gown robe robes shirt shirts tshirt suit suits kimono uniform uniforms armor armour costume costumes",
      ],
    ] as const
  ).flatMap(([where, words]) => words.split(" ").map((w) => [w, where])),
);

/** Parts of a ship, a car or a plane, drawn with it. */
const VEHICLE_PARTS =
  /^(sails?|masts?|hulls?|decks?|wheels?|tyres?|tires?|wings?|engines?|headlights?|propellers?|rudders?|portholes?|funnels?|chimneys?|anchors?)$/;

/** Buildings a prompt's room may be the inside of ("a log cabin with a fireplace"); a statue or a bridge is none. */
const ENTERED =
  /^(cabin|house|cottage|castle|barn|church|tent|mansion|hut|igloo|windmill|lighthouse|tower|temple|mosque|pagoda|chalet|farmhouse|palace|cathedral)$/;

/** The colour of an animal's sweater when the prompt names none: a knitted red. */
const ANIMAL_COAT: RGB = [186, 52, 48];

/** The young of an animal, after "her", "its", "his" or "their". */
const YOUNG_WORDS = new Set("calf calves cub cubs baby babies pup pups foal foals chick chicks joey young".split(" "));
const PARENT_WORDS = new Set("mother mom mum mama father dad parent parents".split(" "));
const POSSESSIVES = new Set(["her", "his", "its", "their"]);

/** Words for what a thing is doing that change how it is drawn (draw-things.ts). */
const POSE_WORDS: Record<string, Pose> = Object.fromEntries(
  (
    [
      ["lying", "lying lies laying resting rests sleeping sleeps asleep napping naps curled dozing lounging"],
      ["flying", "flying flies soaring soars gliding glides hovering hovers floating floats airborne"],
      ["leaping", "leaping leaps jumping jumps breaching breaches bounding bounds pouncing"],
      ["running", "running runs galloping gallops sprinting sprints racing races dashing charging trotting"],
      ["swimming", "swimming swims paddling wading"],
    ] as const
  ).flatMap(([pose, words]) => words.split(" ").map((w) => [w, pose])),
);
const ARTICLES = new Set(["a", "an", "the", "some"]);

/** Vessels a whole scene can be put in (vessel.ts). */
const VESSELS: Record<string, Vessel> = {
  jar: "jar",
  jars: "jar",
  terrarium: "jar",
  glass: "glass",
  tumbler: "glass",
  bottle: "bottle",
  bottles: "bottle",
  snowglobe: "globe",
};

/**
 * The vessel a prompt puts its scene in: "a firefly in a jar", "a ship in a bottle", "a tiny
 * forest inside a glass", "a snow globe with a carousel inside" — a snow globe always holds its
 * scene; a jar, a glass or a bottle only after "in" or "inside", or with "inside" after it.
 */
function vesselOf(tokens: readonly string[]): Vessel | null {
  for (let k = 0; k < tokens.length; k++) {
    const vessel = VESSELS[tokens[k]!];
    if (!vessel) continue;
    if (vessel === "globe") return vessel;
    // "a glass bottle", "a glass jar": what the next vessel is made of.
    if (VESSELS[tokens[k + 1] ?? ""]) continue;
    const before = tokens.slice(Math.max(0, k - 3), k);
    // "a jar with fireflies inside" holds the picture; "a bottle with a message inside washed up on
    // the sand" lies in it.
    const after = tokens.slice(k + 1);
    const inside = after.indexOf("inside");
    const insideLast = inside >= 0 && (after[inside + 1] === undefined || BREAKS.has(after[inside + 1]!));
    if (before.includes("in") || before.includes("inside") || insideLast) return vessel;
  }
  return null;
}

/** Words for a harbour (harbour.ts). */
const HARBOUR_WORDS = new Set(
  "harbor harbour harbors harbours port marina quay quayside wharf pier jetty dock docks canal canals".split(" "),
);
/** Cities whose landmark the art set draws. */
const CITY_LANDMARKS: Record<string, string> = {
  new_york: "art:1f5fd",
  nyc: "art:1f5fd",
  manhattan: "art:1f5fd",
  tokyo: "art:1f5fc",
  kyoto: "art:26e9",
  osaka: "art:1f3ef",
  // The art set's lattice tower, in the Eiffel tower's iron brown instead of Tokyo's red and white.
  paris: "art:1f5fc",
  // Cities known by one building Studio or the art set draws something like.
  london: "clocktower",
  rome: "art:1f3df",
  athens: "art:1f3db",
  agra: "art:1f54c",
  istanbul: "art:1f54c",
  cairo: "pyramid",
  giza: "pyramid",
  pisa: "tower",
  seattle: "art:1f5fc",
  toronto: "art:1f5fc",
  moscow: "church",
  barcelona: "church",
};
const LANDMARK_COLOURS: Record<string, RGB> = { paris: [112, 92, 76] };
/** A landmark named for itself ("the eiffel tower") stands tall in front of its city. */
const LANDMARK_SCALES: Record<string, number> = { paris: 2.2 };
const READING_WORDS = new Set(["reading", "reads", "studying"]);
/** Size words and how much larger or smaller they make a thing. */
const SIZE_WORDS: Record<string, number> = {
  tiny: 0.6,
  small: 0.75,
  little: 0.75,
  big: 1.3,
  large: 1.3,
  huge: 1.5,
  giant: 1.6,
  enormous: 1.6,
  gigantic: 1.6,
};
/** Names that carry a colour of their own. */
const NAMED_COLOURS: Record<string, RGB> = {
  goldfish: [238, 120, 28],
  goldfishes: [238, 120, 28],
  red_panda: [178, 72, 36],
  red_pandas: [178, 72, 36],
  clownfish: [240, 110, 30],
  clown_fish: [240, 110, 30],
  // Breeds known by their coat: a samoyed is white, a doberman black, a corgi orange.
  ...Object.fromEntries(
    (
      [
        [[240, 238, 232], "samoyed samoyeds maltese westie bichon pyrenees dalmatian dalmatians persian ragdoll"],
        [[152, 152, 160], "husky huskies weimaraner schnauzer greyhound greyhounds"],
        [[122, 122, 132], "dane shorthair russian"],
        [[48, 40, 36], "doberman dobermans rottweiler rottweilers bernese collie collies newfoundland"],
        [[220, 132, 58], "corgi corgis shiba pomeranian pomeranians bengal tabby"],
        [[224, 172, 84], "retriever retrievers labrador labradors"],
        [[210, 168, 112], "chihuahua chihuahuas pug pugs"],
        [[236, 220, 196], "siamese"],
        [[232, 184, 172], "sphynx"],
        [[140, 82, 42], "dachshund dachshunds"],
      ] as const
    ).flatMap(([colour, words]) => words.split(" ").map((w) => [w, colour as unknown as RGB])),
  ),
};
/** Words for a coat of spots or stripes; a dalmatian's spots and a zebra's stripes are its breed's. */
const PATTERN_WORDS: Record<string, "spots" | "stripes"> = {
  spotted: "spots",
  spotty: "spots",
  dotted: "spots",
  dalmatian: "spots",
  dalmatians: "spots",
  appaloosa: "spots",
  striped: "stripes",
  stripy: "stripes",
  stripey: "stripes",
  tabby: "stripes",
  tabbies: "stripes",
};
/** Words that colour the name after them: a polar bear is white. */
const COLOURING_WORDS: Record<string, RGB> = { polar: [240, 240, 234], arctic: [240, 240, 234] };

const BREAKS = new Set([
  ",",
  ".",
  ";",
  ":",
  "!",
  "?",
  "and",
  "with",
  "over",
  "under",
  "above",
  "below",
  "behind",
  "near",
  "by",
  "on",
  "at",
]);
const LINKING = new Set(["is", "are", "in", "of", "glowing", "turning", "painted", "lit", "colored", "coloured"]);

export function parsePrompt(prompt: string, options: { christmas: boolean }): Scene {
  const tokens = tokenize(prompt);
  const streetNamed = tokens.some((t) => STREET_WORDS.has(t));
  const vessel = vesselOf(tokens);
  const indoorNamed = tokens.some((t) => ROOM_KINDS[t] !== undefined || INDOOR_WORDS.has(t) || INSIDE_WORDS.has(t));
  const roomWord = tokens.find((t) => ROOM_KINDS[t] !== undefined) ?? tokens.find((t) => ROOM_THINGS[t] !== undefined);
  const roomNamed = roomWord ? (ROOM_KINDS[roomWord] ?? ROOM_THINGS[roomWord]!) : null;
  const subjects: SubjectKind[] = [];
  const colors: Partial<Record<ColorTarget, RGB>> = {};
  const palette: RGB[] = [];
  let timeOfDay: TimeOfDay | null = null;
  let weather: Weather = "clear";
  let mood: Mood = "neutral";
  let snowy = false;
  let stillWater = false;
  let scenery = false;
  const treeKinds = new Set<TreeKind>();
  let season: Season | null = null;
  let road: Scene["road"] = null;
  let savanna = false;
  let alienWorld = false;
  let bareEarth = false;
  let bare = false;

  const things: Thing[] = [];
  // "a lighthouse on a cliff": the last thing named, and the relation word met since, wait for
  // the next thing or landscape subject to be tied to.
  // (Assigned in addThing too: the cast keeps TypeScript from narrowing it to null here.)
  let lastThing = null as Thing | null;
  let pendingPose = null as Pose | null;
  // The figure or animal the last garment went on: "a raincoat and boots" are both its.
  let dressed = null as Thing | null;
  let relation: Relation | null = null;
  // "riding" a thing it cannot sit on ("a girl riding a bicycle") puts the rider beside it.
  let riding = false;
  // "a sleigh pulled by reindeer": the next thing named pulls this one.
  let pulledBy = null as Thing | null;
  let containerOf = null as Thing | null;
  // "a girl with an umbrella": the thing named before "with" carries or accompanies the next one.
  let withThing = null as Thing | null;
  // "a giraffe eating leaves": the next thing is at the mouth of the one with it.
  let eating = false;
  let contentsOf = null as Thing | null;
  // "apples and pears on a table": things joined by "and" share the relation that follows them.
  let listed: Thing[] = [];
  let joined = false;
  const activities = new Map<Thing, string>();
  const relate = (target: string) => {
    if (lastThing && relation)
      for (const named of lastThing === listed.at(-1) ? listed : [lastThing]) {
        // "a girl reading a book under a tree": the place is the reader's, not the book's.
        const carried = named.relation && ["held", "worn", "eaten"].includes(named.relation.kind);
        const thing = (carried && things.find((t) => t.id === named.relation!.target)) || named;
        if (thing.relation || thing.id === target) continue;
        // A boat "on a fjord" floats on its water, not on a rock of the mountains the fjord brings.
        if (subjectById(thing.id)?.placement === "water" && (target === "mountains" || target === "cliff")) continue;
        // A rider sits astride a mount it can ride ("a knight on a horse"), else stands beside it;
        // a truck "on a farm" stands by the barn, not on its roof.
        const beside =
          relation === "on" && (isFigureOnAnimal(thing.id, target, riding) || isBuildingWithoutTop(target));
        thing.relation = { kind: beside ? "by" : relation, target };
      }
    relation = null;
    riding = false;
  };
  const readings: WordReading[] = [];
  // Whether the word before was a noun: "a bird flies" is a verb after it, "fruit flies" is not read so.
  let previousNoun = false;
  const addSubject = (kind: SubjectKind) => {
    if (!subjects.includes(kind)) subjects.push(kind);
  };

  // Colours wait here for a noun; a break word or the end of the prompt sends them to the palette.
  let pending: RGB[] = [];
  let modifier: ((c: RGB) => RGB) | null = null;
  let lastTarget: { target: ColorTarget; index: number } | null = null;

  const attach = (target: ColorTarget) => {
    if (pending.length > 0) {
      if (!colors[target]) colors[target] = pending[0]!;
      palette.push(...pending.slice(1));
      pending = [];
    }
  };
  const flush = () => {
    palette.push(...pending);
    pending = [];
  };

  /** A thing named at token `at` (its phrase's first word is at `from`): counted, sized, coloured and related. */
  // Where the last thing was named: "a fox pup" is the fox's young.
  let lastNamedAt = -1;
  const addThing = (definition: SubjectDefinition, plural: boolean, at: number, word: string, from = at) => {
    lastNamedAt = at;
    // "a corgi in sunglasses", "a girl in a straw hat": worn, as with "wearing".
    const wearerCategory = lastThing ? subjectById(lastThing.id)?.category : undefined;
    if (relation === "in" && definition.worn && (wearerCategory === "figure" || wearerCategory === "animal")) {
      withThing = lastThing;
      relation = null;
    }
    const countWord = [tokens[from - 1], tokens[from - 2]]
      // (A year is no count: "a 1967 mustang" is one car.)
      .map((t) => (t ? (COUNT_WORDS[t] ?? (/^(?:[1-9]|1\d|20)$/.test(t) ? Number(t) : NaN)) : NaN))
      .find((n) => n >= 1);
    const count = Math.min(MAX_COUNT, countWord && (countWord > 1 || !plural) ? countWord : plural ? PLURAL_COUNT : 1);
    const holder: Thing | null = containerOf;
    const companion: Thing | null = holder ? null : withThing;
    const hauled: Thing | null = holder || companion ? null : pulledBy;
    containerOf = null;
    withThing = null;
    pulledBy = null;
    if (!holder && !companion && !hauled) relate(definition.id);
    const existing = things.find((t) => t.id === definition.id);
    if (existing) existing.count = Math.min(MAX_COUNT, Math.max(existing.count, count));
    const thing = existing ?? { id: definition.id, count };
    // Some names carry their colour: a goldfish is orange unless the prompt says otherwise.
    // "a tiny house", "a huge old whale": a size word just before the name.
    const sizeWord = [tokens[from - 1], tokens[from - 2], tokens[from - 3], ...tokens.slice(from, at)].find(
      (t) => t !== undefined && t in SIZE_WORDS,
    );
    if (sizeWord && !existing) thing.scale = SIZE_WORDS[sizeWord];
    // "a spotted horse", "a striped cat", "a dalmatian": a coat of spots or stripes on an animal.
    const patternWord = [tokens[from - 1], tokens[from - 2], ...tokens.slice(from, at + 1)].find(
      (t) => t !== undefined && PATTERN_WORDS[t] !== undefined,
    );
    if (patternWord && !existing && definition.category === "animal") thing.pattern = PATTERN_WORDS[patternWord];
    // "a flying pig", "a sleeping cat": the pose before the name.
    if (pendingPose && !existing) thing.pose = pendingPose;
    pendingPose = null;
    dressed = null;
    // (The breed may be the word before the name: "a siamese cat".)
    const ownColour = NAMED_COLOURS[word] ?? (from === at ? NAMED_COLOURS[tokens[from - 1] ?? ""] : undefined);
    if (ownColour && pending.length === 0) thing.color ??= ownColour;
    if (pending.length > 0) {
      thing.color ??= pending[0]!;
      palette.push(...pending.slice(1));
      pending = [];
    }
    if (holder && !thing.relation && holder.id !== thing.id) thing.relation = { kind: "in", target: holder.id };
    if (companion && !thing.relation && companion.id !== thing.id) {
      const wearer = subjectById(companion.id);
      const wearable =
        subjectById(thing.id)?.worn !== undefined && (wearer?.category === "figure" || wearer?.category === "animal");
      const carried = subjectIs(thing.id, "carried") && wearer?.category === "figure";
      thing.relation = { kind: eating ? "eaten" : wearable ? "worn" : carried ? "held" : "by", target: companion.id };
    }
    eating = false;
    if (hauled && !thing.relation && hauled.id !== thing.id) thing.relation = { kind: "pulls", target: hauled.id };
    if (!existing) things.push(thing);
    if (!holder && !companion) listed = joined ? [...listed, thing] : [thing];
    joined = false;
    lastThing = holder ?? companion ?? thing;
  };
  const addLandscape = (subject: SubjectKind, word: string, at: number) => {
    relate(subject);
    addSubject(subject);
    for (const implied of IMPLIED[word] ?? []) addSubject(implied);
    const flowerColor = FLOWER_COLORS[word];
    if (flowerColor && pending.length === 0 && !colors.flowers) colors.flowers = flowerColor;
    attach(subject);
    lastTarget = { target: subject, index: at };
  };

  for (let i = 0; i < tokens.length; i++) {
    const next = tokens[i + 1];
    // "fish and coral": "coral" with no noun after it to colour is the coral of a reef.
    if (tokens[i] === "coral" && (!next || BREAKS.has(next) || next === "and" || next in RELATION_WORDS))
      tokens[i] = "corals";
    // "an orange on the table": "orange" with nothing after it to colour is the fruit.
    const lonelyOrange =
      tokens[i] === "orange" &&
      (tokens[i - 1] === "an" || tokens[i - 1] === "one") &&
      (!next || BREAKS.has(next) || next in RELATION_WORDS || next === "of");
    // "a knight on horseback": on a horse.
    const word = lonelyOrange ? "mandarin" : tokens[i] === "horseback" ? "horse" : tokens[i]!;
    // "on an alien planet": the picture's ground, not one more thing (worlds.ts).
    if (word === "exoplanet") {
      alienWorld = true;
      relation = null;
      readings.push({ words: "alien planet", drawn: "alien planet", from: "landscape", via: [] });
      continue;
    }

    const colorModifier = COLOR_MODIFIERS[word];
    if (colorModifier && next && COLOR_WORDS[next]) {
      modifier = colorModifier;
      continue;
    }
    // "lavender field": a flower that is also a colour word is the flower when no other noun follows.
    const flowerWord = FLOWER_COLORS[word] && (!next || !SUBJECT_WORDS[next] || SUBJECT_WORDS[next] === "meadow");
    const objectSense = isObjectSense(tokens, i);
    const color = flowerWord || objectSense ? undefined : COLOR_WORDS[word];
    if (color) {
      const value = modifier ? modifier(color) : color;
      modifier = null;
      const previous = tokens[i - 1];
      // "mountains in purple", "the sky is red": colour after a linking word goes to the noun before.
      if (lastTarget && previous && LINKING.has(previous) && i - lastTarget.index <= 3) {
        if (!colors[lastTarget.target]) colors[lastTarget.target] = value;
        else palette.push(value);
      } else {
        pending.push(value);
      }
      continue;
    }
    modifier = null;

    const time = TIME_WORDS[word];
    if (time && !(word === "day" && timeOfDay)) timeOfDay = time;
    const w = WEATHER_WORDS[word];
    if (w && (weather === "clear" || w === "storm")) weather = w;
    // (Ice cream, an iced latte, a frozen margarita are no frozen landscape.)
    if (
      SNOWY_WORDS.has(word) &&
      !(next && COLD_FOOD.test(next)) &&
      !/^(crushed|shaved|cubed)$/.test(tokens[i - 1] ?? "")
    )
      snowy = true;
    const m = MOOD_WORDS[word];
    if (m && mood === "neutral") mood = m;
    if (
      word === "calm" ||
      word === "still" ||
      word === "mirror" ||
      word === "glassy" ||
      word === "reflection" ||
      word === "reflections"
    )
      stillWater = true;
    if (SCENERY.has(word)) scenery = true;
    // "an octopus on the sea floor": on the floor of the sea.
    if (word === "underwater" && relation && lastThing) relate("sea");

    // "fall" is autumn where it is a time ("in the fall", "fall leaves"), not a waterfall's or a verb.
    const seasonNamed = SEASON_WORDS[word] ?? (word === "fall" && isFallSeason(tokens, i) ? "autumn" : undefined);
    if (seasonNamed && !season) season = seasonNamed;
    if (ROAD_WORDS[word] && !road) road = ROAD_WORDS[word];
    // A garden has a path between its beds.
    if ((word === "garden" || word === "gardens" || word === "park" || word === "parks") && !road) road = "path";
    // "bare trees": broadleaf trees in winter, their branches showing.
    if (word === "bare" || word === "leafless") {
      treeKinds.add("broadleaf");
      bare = true;
    }
    if (EARTH_WORDS.has(word)) bareEarth = true;
    if (SAVANNA_WORDS.has(word)) {
      savanna = true;
      treeKinds.add("acacia");
    }
    if (word === "pines" || word === "pine" || word === "taiga") treeKinds.add("conifer");
    else if (word === "palms" || word === "palm" || word === "jungle" || word === "oasis") treeKinds.add("palm");
    else if (
      word === "oak" ||
      word === "oaks" ||
      word === "birch" ||
      word === "birches" ||
      word === "willow" ||
      word === "willows" ||
      word === "blossoms"
    )
      treeKinds.add("broadleaf");

    const relationWord = RIDING_WORDS.has(word)
      ? "on"
      : PULLING_WORDS.has(word)
        ? "pulls"
        : CHASING_WORDS.has(word)
          ? "chases"
          : RELATION_WORDS[word];
    if (relationWord && lastThing && !pulledBy) {
      relation = relationWord;
      riding = RIDING_WORDS.has(word);
    }
    if (PULLED_WORDS.has(word) && lastThing) pulledBy = lastThing;
    // "a bowl of lemons": what follows "of" a container goes in it; the container keeps its own place.
    if (word === "of" && lastThing && subjectById(lastThing.id)?.container) containerOf = lastThing;
    // "a mug of cocoa": the cocoa is what the mug holds, not a second thing beside it.
    else if (word === "of" && lastThing && tokens[i - 1] && subjectByWord(tokens[i - 1]!)) contentsOf = lastThing;
    if (word === "with" && lastThing) withThing = lastThing;
    const colouring = COLOURING_WORDS[word];
    if (colouring && next && subjectByWord(next)) {
      pending.push(colouring);
      continue;
    }
    // "a cat lying on a rug", "a dolphin leaping": what the thing named last does; "a flying pig",
    // "a sleeping fox" (after an article or a count): what the next thing named does.
    // "a woman jogging", "a man surfing": a person the art set draws doing it (applied after the loop).
    const activity = ACTIVITIES[word];
    // ("a couple dancing", "a man and a woman jogging": each of the people named together.)
    if (activity && lastThing)
      for (const doer of lastThing === listed.at(-1) ? listed : [lastThing])
        if (PLAIN_PEOPLE[doer.id] !== undefined && !activities.has(doer)) activities.set(doer, activity);
    if (word === "yoga" && lastThing && PLAIN_PEOPLE[lastThing.id] !== undefined) activities.set(lastThing, "1f9d8");
    // "kids flying a kite", "a man playing the guitar", "a girl reading a book", "a girl racing her bicycle": what follows is in
    // their hands (a pose word with an object is no pose of theirs).
    const transitive =
      lastThing !== null &&
      next !== undefined &&
      (POSE_WORDS[word] !== undefined || PLAYING_WORDS.has(word) || READING_WORDS.has(word)) &&
      (ARTICLES.has(next) ||
        POSSESSIVES.has(next) ||
        // "kids flying kites": a thing after "flying" is what they fly.
        (word === "flying" && subjectByWord(next) !== undefined && subjectById(lastThing.id)?.category === "figure") ||
        (PLAYING_WORDS.has(word) && RELATION_WORDS[next] === undefined && !STOP_WORDS.has(next) && !BREAKS.has(next)));
    if (transitive) {
      withThing = lastThing;
      continue;
    }
    const pose = POSE_WORDS[word];
    if (pose) {
      const before = tokens[i - 1];
      if (!lastThing || (before !== undefined && (before in COUNT_WORDS || ARTICLES.has(before)))) pendingPose = pose;
      else lastThing.pose ??= pose;
    }
    // "holding a red balloon", "carrying a lantern": the next thing is in the hands of the last.
    if (HOLDING_WORDS.has(word) && lastThing) withThing = lastThing;
    // "wearing a hat", "dressed in a cape": on the last thing; "eating leaves": at its mouth.
    if (WEARING_WORDS.has(word) && lastThing) withThing = lastThing;
    if (EATING_WORDS.has(word) && lastThing) {
      withThing = lastThing;
      eating = true;
    }

    // "a whale and her calf", "a lioness with her cubs", "a baby elephant and its mother": one more
    // of the animal named, not a cow or a woman.
    // ("a humpback whale and calf": the young after "and" too.)
    const afterAnd =
      YOUNG_WORDS.has(word) && (tokens[i - 1] === "and" || (tokens[i - 2] === "and" && ARTICLES.has(tokens[i - 1]!)));
    if (
      (YOUNG_WORDS.has(word) || PARENT_WORDS.has(word)) &&
      (POSSESSIVES.has(tokens[i - 1] ?? "") || afterAnd) &&
      lastThing
    ) {
      const parent = subjectById(lastThing.id);
      if (parent?.category === "animal") {
        lastThing.count = Math.min(MAX_COUNT, lastThing.count + (word.endsWith("s") ? 2 : 1));
        const from = lastThing.id.startsWith("art:") ? "art" : "library";
        readings.push({ words: word, drawn: parent.words[0], from, via: [] });
        continue;
      }
    }
    // "a fox pup", "a tiger cub", "a panda baby": the young of the animal just named is that animal.
    if ((YOUNG_WORDS.has(word) || word === "puppy" || word === "puppies") && lastThing && lastNamedAt === i - 1) {
      const parent = subjectById(lastThing.id);
      if (parent?.category === "animal") continue;
    }
    // "kids building a sandcastle": a verb in -ing after a noun, with its object after it, is no building.
    if (
      /ing$/.test(word) &&
      previousNoun &&
      next !== undefined &&
      (ARTICLES.has(next) || POSSESSIVES.has(next)) &&
      (SUBJECT_WORDS[word] !== undefined || subjectByWord(word) !== undefined)
    )
      continue;
    // A noun Studio has no word of its own for (issue 28): the phrase it ends is read through the
    // art set and WordNet, and drawn, or listed as not drawn.
    if (
      (isOpenWord(word) || objectSense) &&
      !subjectByWord(word) &&
      !SUBJECT_WORDS[word] &&
      !isVerb(word, previousNoun)
    ) {
      let end = i;
      // A word in -ing after the noun is what it does ("a sloth hanging", "a grandmother knitting").
      const verbAfter = (w: string) => isVerb(w, w.endsWith("ing"));
      while (end + 1 < tokens.length && isOpenWord(tokens[end + 1]!) && !verbAfter(tokens[end + 1]!)) end++;
      const after = tokens[end + 1];
      // "a siamese cat", "a vintage wooden boat": the words before a name Studio knows describe it;
      // so do words before a colour and a noun ("a vintage red pickup truck").
      const beyond = tokens[end + 2];
      const describes =
        after !== undefined &&
        (COLOR_WORDS[after] !== undefined || SIZE_WORDS[after] !== undefined) &&
        beyond !== undefined &&
        (isOpenWord(beyond) || subjectByWord(beyond) !== undefined);
      // "a japanese tea room", "a victorian street": before a place Studio paints, too.
      const place =
        after !== undefined &&
        (ROOM_KINDS[after] !== undefined ||
          INDOOR_WORDS.has(after) ||
          STREET_WORDS.has(after) ||
          HARBOUR_WORDS.has(after));
      if (after !== undefined && (subjectByWord(after) || SUBJECT_WORDS[after] || describes || place)) {
        i = end;
        continue;
      }
      const words = tokens.slice(i, end + 1).map((t) => t.replace(/_/g, " "));
      // "japanese snow monkeys", "a french country kitchen": a people's name before other words describes them.
      const following = tokens[end + 1];
      if (
        words.length === 1 &&
        isCuisine(words[0]!) &&
        following !== undefined &&
        !BREAKS.has(following) &&
        RELATION_WORDS[following] === undefined &&
        !STOP_WORDS.has(following) &&
        !isVerb(following, true)
      ) {
        i = end;
        continue;
      }
      // "neon signs", "shops", "a cafe terrace" on a street named are the street's own (street.ts).
      if (streetNamed && STREET_PARTS.has(tokens[end]!)) {
        readings.push({ words: words.join(" "), drawn: "street", from: "landscape", via: [] });
        i = end;
        continue;
      }
      // "a knight in a red cape", "a cat wearing boots", "a girl in a yellow raincoat": worn by the
      // figure or animal named last — a cape behind it, boots on its feet, a coat the colour of a
      // figure's clothes (an animal's coat is its fur: that one is listed as not drawn).
      const garment = GARMENTS[tokens[end]!];
      const wearer = withThing ?? lastThing;
      const wears =
        garment !== undefined &&
        wearer !== null &&
        (withThing !== null || relation === "in" || dressed === wearer) &&
        ["figure", "animal"].includes(subjectById(wearer.id)?.category ?? "");
      if (wears) {
        const colour = pending[0];
        pending = [];
        withThing = null;
        relation = null;
        const figure = subjectById(wearer.id)?.category === "figure";
        const name = words.join(" ");
        dressed = wearer;
        if (garment === "back") wearer.cape = colour ?? [170, 30, 40];
        else if (garment === "feet") wearer.boots = colour ?? [96, 62, 38];
        else if (figure && colour) wearer.color = colour;
        // "a chihuahua in a pink sweater", "a corgi wearing a yellow raincoat": over its body.
        // (A drawing of a face alone has no body to wear it.)
        const body = !figure && subjectById(wearer.id)?.frontal !== true;
        if (garment === "body" && body) wearer.coat = colour ?? ANIMAL_COAT;
        const drawn = garment !== "body" || body || (figure && colour !== undefined);
        const on = subjectById(wearer.id)?.words[0] ?? wearer.id;
        readings.push(
          drawn ? { words: name, drawn: `worn by the ${on}`, from: "library", via: [] } : { words: name, via: [] },
        );
        i = end;
        continue;
      }
      // "a firefly in a jar": the jar holds the picture (vessel.ts), it is not one more thing in it.
      if (vessel && VESSELS[tokens[end]!] === vessel) {
        readings.push({ words: words.join(" "), drawn: tokens[end]!, from: "landscape", via: [] });
        i = end;
        continue;
      }
      // "posters on the walls", "a lamp on the ceiling": a room's own walls, floor and ceiling.
      if (indoorNamed && ROOM_SURFACES.has(tokens[end]!)) {
        readings.push({ words: words.join(" "), drawn: "room", from: "landscape", via: [] });
        i = end;
        continue;
      }
      // "a classroom with a blackboard", "a kitchen with an oven": the room's own walls have them.
      if (!streetNamed && roomNamed && ROOM_PARTS[roomNamed].includes(tokens[end]!.replace(/s$/, ""))) {
        readings.push({ words: words.join(" "), drawn: roomWord!, from: "landscape", via: [] });
        i = end;
        continue;
      }
      let reading = readNounPhrase(words, ownVocabulary);
      // "a watermelon cut in half": a last word that is no thing ("cut") leaves the thing before it.
      while (!reading && end > i && readNounPhrase(words.slice(0, end - i), ownVocabulary)) {
        end--;
        words.pop();
        reading = readNounPhrase(words, ownVocabulary);
      }
      const from = i;
      i = end;
      if (!reading) {
        if (!isAdjectiveLike(tokens[end]!)) flush();
        continue;
      }
      previousNoun = true;
      const target = reading.target;
      // "an autumn forest with red and yellow leaves": the leaves are the trees'.
      if (
        /(?:^|\s)(leaf|leaves|foliage)$/.test(reading.noun) &&
        !eating &&
        subjects.some((k) => k === "trees" || k === "forest")
      ) {
        readings.push({ words: reading.phrase, drawn: "trees", from: "landscape", via: [] });
        pending = [];
        continue;
      }
      // "the statue of liberty holding her torch", "a firefighter with his axe": a drawing of the art
      // set already holds its own.
      if (withThing?.id.startsWith("art:") && POSSESSIVES.has(tokens[from - 1] ?? "")) {
        readings.push({ words: reading.phrase, drawn: subjectById(withThing.id)?.words[0], from: "art", via: [] });
        withThing = null;
        pending = [];
        continue;
      }
      // "a cyborg with circuits on her face", "a hamster stuffing its cheeks": a part of the body of
      // what was named is drawn with it, not as one more person.
      // ("hands in the air", "a koi on a forearm", "combing her hair": the body's, whoever's it is — the
      // last person or animal named; with no article a body part is never a thing of its own.)
      const living = (t: Thing | null) => {
        const category = t ? subjectById(t.id)?.category : undefined;
        return category === "figure" || category === "animal";
      };
      const owner = [withThing, lastThing, ...[...things].reverse()].find(living) ?? withThing ?? lastThing;
      const bare = !ARTICLES.has(tokens[from - 1] ?? "");
      if (
        isBodyPart(reading.noun) &&
        (POSSESSIVES.has(tokens[from - 1] ?? "") || tokens[from - 2] === "of" || bare) &&
        owner
      ) {
        readings.push({ words: reading.phrase, drawn: subjectById(owner.id)?.words[0], from: "library", via: [] });
        pending = [];
        continue;
      }
      // "a pirate ship with black sails", "a car with glowing headlights": the vehicle's own parts.
      const vehicle = [withThing, lastThing].find((t) => t && subjectById(t.id)?.category === "vehicle");
      if (vehicle && VEHICLE_PARTS.test(reading.noun) && !ARTICLES.has(tokens[from - 1] ?? "")) {
        if (pending[0] && !vehicle.color) vehicle.color = pending[0];
        readings.push({ words: reading.phrase, drawn: subjectById(vehicle.id)?.words[0], from: "library", via: [] });
        pending = [];
        continue;
      }
      const holder = contentsOf;
      contentsOf = null;
      if (holder && target?.kind === "art" && subjectIs(artSubjectId(target.drawing), "indoor")) {
        const name = subjectById(holder.id)?.words[0] ?? holder.id;
        readings.push({ words: reading.phrase, drawn: name, from: "library", via: [] });
        continue;
      }
      readings.push(describeReading(reading.phrase, target, reading.via));
      if (target?.kind === "landscape") addLandscape(target.subject as SubjectKind, target.subject, end);
      else if (target) {
        const definition = subjectById(target.kind === "art" ? artSubjectId(target.drawing) : target.id);
        if (definition) addThing(definition, reading.plural, end, tokens[end]!, from);
        // "a rock climber", "a surfer", "a jogger": a plain figure is the art set's person doing it.
        const figure = lastThing;
        const doing = DOERS[reading.noun.split(" ").at(-1)!];
        if (figure && doing && PLAIN_PEOPLE[figure.id] !== undefined && !activities.has(figure))
          activities.set(figure, doing);
        // "a beekeeper", "a guitarist": a plain figure holds the tool the trade is known by.
        const tool =
          definition?.category === "figure" && reading.via.length > 0
            ? roleTool(reading.noun, ownVocabulary, reading.phrase)
            : undefined;
        const toolDefinition =
          tool?.target?.kind === "art"
            ? subjectById(artSubjectId(tool.target.drawing))
            : tool?.target?.kind === "library"
              ? subjectById(tool.target.id)
              : undefined;
        if (figure && tool && toolDefinition && !things.some((t) => t.relation?.target === figure.id)) {
          readings.push(describeReading(`${reading.noun}'s ${tool.noun}`, tool.target, tool.via));
          withThing = figure;
          addThing(toolDefinition, false, end, tokens[end]!, end);
          lastThing = figure;
        }
      } else flush();
      continue;
    }
    previousNoun = subjectByWord(word) !== undefined || SUBJECT_WORDS[word] !== undefined;

    if (word === "and") joined = lastThing !== null && lastThing === listed.at(-1);
    else if (!COUNT_WORDS[word] && !COLOR_WORDS[word] && !subjectByWord(word) && !FILLERS.has(word)) joined = false;

    const named = subjectByWord(word);
    // "a farmhouse kitchen", "a castle bedroom": a building before a room says what kind of room it is.
    if (named?.definition.category === "building" && next !== undefined && ROOM_KINDS[next] !== undefined) continue;
    // "a little girl", "a young boy": a child.
    const child = /^(girls?|boys?)$/.test(word) && /^(little|young|small|tiny)$/.test(tokens[i - 1] ?? "");
    const childDefinition = child ? subjectById("child") : undefined;
    if (childDefinition) {
      readings.push({ words: `${tokens[i - 1]} ${word}`, drawn: childDefinition.words[0], from: "library", via: [] });
      addThing(childDefinition, word.endsWith("s"), i, word);
      continue;
    }
    if (named) {
      addThing(named.definition, named.plural, i, word);
      continue;
    }

    const subject = SUBJECT_WORDS[word];
    // "a lighthouse on a cliff": the cliff is the rock under the thing, not a mountain range behind it.
    if ((word === "cliff" || word === "cliffs") && relation === "on" && lastThing) {
      relate("cliff");
      continue;
    }
    if (subject) {
      addLandscape(subject, word, i);
      continue;
    }
    for (const implied of IMPLIED[word] ?? []) addSubject(implied);
    if (SKY_WORDS.has(word)) {
      attach("sky");
      lastTarget = { target: "sky", index: i };
      continue;
    }
    // Adjectives between a colour and its noun keep the colour waiting ("red snowy peaks").
    const joinsColours = word === "and" && next !== undefined && COLOR_WORDS[next] !== undefined;
    if (!joinsColours && (BREAKS.has(word) || !isAdjectiveLike(word))) flush();
  }
  flush();

  // "a dusty road", "a dirt road": bare earth, not asphalt.
  if (bareEarth && road === "road") road = "path";
  // A season named with nothing else ("spring", "autumn in the country") is its trees on a meadow.
  if (
    season &&
    subjects.length === 0 &&
    things.length === 0 &&
    !indoorNamed &&
    !tokens.some((t) => STREET_WORDS.has(t))
  ) {
    addSubject("meadow");
    addSubject("trees");
  }
  if (options.christmas) {
    snowy = true;
    treeKinds.add("conifer");
  }
  // Snowy ground with falling snow when the prompt asks for snow itself, not only snowy peaks.
  const namesFallingSnow = tokens.some((t) => t === "snow" || t === "winter") && !tokens.includes("snowy");
  if (weather === "clear" && namesFallingSnow && !subjects.includes("mountains")) weather = "snow";

  const timeExplicit = timeOfDay !== null;
  if (!timeOfDay) {
    const nightSky = subjects.some((s) => s === "stars" || s === "galaxy" || s === "aurora" || s === "moon");
    timeOfDay = nightSky || things.some((t) => subjectIs(t.id, "nightSky")) ? "night" : "day";
  }
  // "an otter floating on its back": an animal that cannot fly floats on water, not in the sky.
  if (tokens.some((t) => t === "floating" || t === "floats") && !subjects.some((k) => k === "galaxy" || k === "stars"))
    for (const t of things) {
      const definition = subjectById(t.id);
      if (t.pose === "flying" && definition?.category === "animal" && !definition.flies) {
        t.pose = "swimming";
        if (!subjects.some((k) => k === "sea" || k === "lake" || k === "river")) addSubject("lake");
      }
    }
  // Things that live on water bring it when the prompt names none: a whale gets a sea, a swan a lake.
  if (!subjects.some((s) => s === "sea" || s === "lake" || s === "river")) {
    // (A goldfish in a bowl brings no sea: it is in something.)
    const afloat = things
      .filter((t) => t.relation?.kind !== "in")
      .map((t) => subjectById(t.id))
      .find((d) => d?.placement === "water" && d.category !== "sky");
    // (Shrimp in a pad thai, tuna in a poke bowl: among a table's things a sea animal is food.)
    const onTable = things.some((t) => subjectIs(t.id, "indoor")) && afloat?.id !== things[0]?.id;
    if (afloat && !onTable) addSubject(afloat.stillWater ? "lake" : "sea");
  }
  // "a fox reading": something to read beside it.
  const main = things[0];
  if (main && tokens.some((t) => READING_WORDS.has(t)) && !things.some((t) => t.id === "book" || t.id === "book-stack"))
    things.push({ id: "book", count: 1, relation: { kind: "by", target: main.id } });
  // "a girl riding a bicycle" is the art set's person biking, not a girl standing by a bicycle.
  for (const thing of things) {
    if (PLAIN_PEOPLE[thing.id] === undefined || activities.has(thing)) continue;
    const bike =
      thing.relation?.target === "bicycle" ? things.find((t) => t.id === "bicycle" && t.count === 1) : undefined;
    if (bike && tokens.some((t) => RIDING_WORDS.has(t) || t === "on")) {
      activities.set(thing, "1f6b4");
      things.splice(things.indexOf(bike), 1);
      for (const other of things)
        if (other.relation?.target === "bicycle") other.relation = { ...other.relation, target: thing.id };
      thing.relation = undefined;
    }
  }
  for (const [thing, activityCode] of activities) {
    // (The art set's dancer is a woman; a man dances as its man dancing.)
    const code = activityCode === "1f483" && thing.id === "person" ? "1f57a" : activityCode;
    const drawing = drawingByHexcode(`${code}${PLAIN_PEOPLE[thing.id]}`) ?? drawingByHexcode(code);
    if (!drawing) continue;
    const id = artSubjectId(drawing);
    for (const other of things)
      if (other.relation?.target === thing.id) other.relation = { ...other.relation, target: id };
    thing.id = id;
    thing.pose = undefined;
  }
  // A named city's landmark where the art set has one: New York's Statue of Liberty, Tokyo's tower.
  const eiffel = tokens.includes("eiffel");
  // (Not seen from inside a room: "a cafe in paris" is the cafe.)
  const outside = !indoorNamed || tokens.some((t) => STREET_WORDS.has(t));
  for (const token of tokens) {
    const landmark = CITY_LANDMARKS[token];
    if (!landmark || !outside) continue;
    if (!subjects.includes("city") && !subjects.includes("village")) subjects.push("city");
    if (things.some((t) => t.id === landmark)) continue;
    const colour = LANDMARK_COLOURS[token];
    const scale = eiffel ? LANDMARK_SCALES[token] : undefined;
    things.push({ id: landmark, count: 1, ...(colour ? { color: colour } : {}), ...(scale ? { scale } : {}) });
    const words = eiffel && token === "paris" ? "eiffel tower" : token.replace(/_/g, " ");
    readings.push({ words, drawn: subjectById(landmark)?.words[0], from: "art", via: [] });
  }
  const window = tokens.some((t) => WINDOW_WORDS.has(t));
  // "a street in new york", "a cafe on a paris street": out on the street, unless the prompt goes inside.
  const street = tokens.some((t) => STREET_WORDS.has(t)) && !tokens.some((t) => INSIDE_WORDS.has(t));
  if (street && !subjects.includes("city") && !subjects.includes("village")) subjects.push("city");
  const room = street ? null : roomNamed;
  // "a pot on the stove": the stove is the kitchen's, and the card says so.
  for (const token of tokens)
    if (room && ROOM_THINGS[token] === room) readings.push({ words: token, drawn: room, from: "landscape", via: [] });
  // A harbour, a marina, a quay: a town across the water and boats moored in front.
  const harbour = !street && tokens.some((t) => HARBOUR_WORDS.has(t));
  if (harbour && !things.some((t) => subjectById(t.id)?.placement === "water"))
    things.push({ id: "rowboat", count: 3 });
  // Boats moored along a quay are small beside its houses (the art set's canoe is drawn large).
  if (harbour)
    for (const thing of things)
      if (thing.id.startsWith("art:") && subjectById(thing.id)?.placement === "water") thing.scale ??= 0.5;
  // Inside a cave: something is in it ("a bear sleeping in a cave"), or the prompt says inside.
  const cave =
    !street &&
    things.some((t) => t.id === "cave") &&
    (tokens.some((t) => t === "inside" || t === "cavern" || t === "caverns" || t === "underground") ||
      things.some((t) => t.relation?.kind === "in" && t.relation.target === "cave"));
  // On the moon, on Mars or on an alien planet is out of doors, whatever things are named (a selfie's camera).
  // ("a mining base on the moon", "a rover on mars": the word after "on" or "on the", maybe joined: "moon_base".)
  const namedOn = (name: string) =>
    tokens.some(
      (t, k) =>
        (t === name || t.startsWith(`${name}_`)) &&
        (tokens[k - 1] === "on" || (tokens[k - 1] === "the" && tokens[k - 2] === "on")),
    );
  const onMoon = namedOn("moon");
  const onMarsNamed = namedOn("mars");
  const offWorld = alienWorld || onMoon || onMarsNamed;
  const indoor =
    !street &&
    !cave &&
    !offWorld &&
    !tokens.includes("underwater") &&
    (room !== null ||
      tokens.some((t) => INDOOR_WORDS.has(t)) ||
      // Things of a room alone are a room's, unless the prompt has weather ("through the snow").
      // (A window named is looked out of, whatever the weather: "a cat staring out a rainy window".)
      (subjects.length === 0 && (window || (weather === "clear" && things.some((t) => subjectIs(t.id, "indoor"))))));
  // "a log cabin with a fireplace", "a cottage with a cozy fireplace": inside the building named
  // first, not the building standing in a room.
  const building = things[0] ? subjectById(things[0].id) : undefined;
  if (
    indoor &&
    building?.category === "building" &&
    ENTERED.test(building.words[0] ?? "") &&
    !things[0]!.relation &&
    !tokens.includes("dollhouse")
  ) {
    readings.push({ words: building.words[0]!, drawn: "indoors", from: "landscape", via: [] });
    const [inside] = things.splice(0, 1);
    for (const t of things) if (t.relation?.target === inside!.id) delete t.relation;
  }
  // A flower shop is full of flowers in pots and bunches.
  if (room === "shop" && subjects.includes("flowers"))
    things.push({ id: "art:1f490", count: 2 }, { id: "art:1fab4", count: 2 });
  // A room's own furniture, unless the prompt names it: a bedroom's bed, a cafe's table and cup.
  for (const [id, on, scale] of room ? ROOM_FURNITURE[room] : []) {
    if (things.some((t) => t.id === id)) continue;
    const target = on && things.find((t) => t.id === on);
    things.push({
      id,
      count: 1,
      ...(target ? { relation: { kind: "on" as const, target: target.id } } : {}),
      ...(scale ? { scale } : {}),
    });
  }
  // "a girl under a tree": one tree of its own to stand under, not a row of them.
  for (const thing of [...things])
    if (thing.relation?.kind === "under" && thing.relation.target === "trees" && !tokens.includes("trees")) {
      if (!things.some((t) => t.id === "lonetree")) things.push({ id: "lonetree", count: 1 });
      thing.relation = { kind: "under", target: "lonetree" };
    }
  // "an owl in a tree": a tree of its own to perch in, in front of the landscape's trees.
  for (const thing of [...things])
    if (
      perchesInTrees(thing.id) &&
      thing.relation?.target === "trees" &&
      thing.relation.kind !== "by" &&
      // (In a forest is among its trees, not up one.)
      /\b(trees?|branch(es)?|treetops?|boughs?)\b/i.test(prompt)
    ) {
      if (!things.some((t) => t.id === "lonetree")) things.push({ id: "lonetree", count: 1 });
      thing.relation = { kind: "on", target: "lonetree" };
    }
  // Under the sea: named ("underwater", "on the sea floor"), or a thing of the deep is the main subject of a sea or of nothing else.
  const deep = main !== undefined && UNDERSEA.test(subjectById(main.id)?.words[0] ?? "");
  // A sea animal gliding over sand, a school of fish swirling, a shark in deep water: seen from
  // under the surface too — not a fish leaping from a lake ("water" alone is read as a lake).
  const mainDefinition = main ? subjectById(main.id) : undefined;
  const swimmer =
    mainDefinition?.category === "animal" && mainDefinition.placement === "water" && !mainDefinition.flies;
  if (swimmer) for (const t of things) if (t.pose === "flying" && t.id === main!.id) t.pose = "swimming";
  const belowWords = swimmer && main!.pose !== "leaping" && tokens.some((t) => BELOW_WORDS.has(t));
  const sandFloor = swimmer && tokens.some((t) => t === "sand" || t === "sandy");
  const openWater = subjects.every(
    (s) =>
      s === "sea" ||
      s === "sun" ||
      (s === "desert" && sandFloor) ||
      (s === "lake" && !tokens.some((t) => t === "lake" || t === "lakes" || t === "pond")),
  );
  const underwater =
    tokens.includes("underwater") ||
    (!indoor && tokens.some((t) => SEA_FLOOR_WORDS.has(t) || t.startsWith("sea_anemone"))) ||
    ((deep || belowWords) && !indoor && !street && openWater && !tokens.some((t) => t === "beach" || t === "surface"));
  for (const above of ["lake", "desert"] as const)
    if (underwater && subjects.includes(above) && !tokens.includes(above)) subjects.splice(subjects.indexOf(above), 1);
  if (underwater && !subjects.includes("sea")) subjects.push("sea");
  // "on the moon": the moon becomes the ground.
  // (Whatever stands on it: "a mining base on the moon", "the lunar surface".)
  const lunar = onMoon;
  // "a rover on mars", "an astronaut on an alien planet": so does another planet; what stood on it stands on the ground.
  const onPlanet = (id: string) => things.some((t) => t.relation?.kind === "on" && t.relation.target === id);
  const onMars = onPlanet("mars") || onMarsNamed;
  const world: World | null = lunar ? null : onMars ? "mars" : alienWorld || onPlanet("planet") ? "alien" : null;
  if (world) {
    for (const t of things) if (t.relation && PLANET_IDS.has(t.relation.target)) delete t.relation;
    if (world === "mars") things.splice(0, things.length, ...things.filter((t) => t.id !== "mars"));
    if (!timeExplicit) timeOfDay = "day";
  }
  // A candle or lantern in a room is lit: evening, unless the prompt says when.
  if (indoor && !timeExplicit && things.some((t) => subjectIs(t.id, "lightsRoom"))) timeOfDay = "night";
  if (subjects.includes("sun") && timeOfDay === "night") subjects.splice(subjects.indexOf("sun"), 1);
  if (subjects.includes("forest") && treeKinds.size === 0 && snowy) treeKinds.add("conifer");
  // An autumn forest is one of leaves that turn; a winter one, where nothing else is said, of firs with snow.
  if (season === "autumn" && treeKinds.size === 0) treeKinds.add("broadleaf");
  if (season === "winter") snowy = true;
  // Bare trees are drawn as winter's, without the snow a named winter brings.
  if (bare && !season) season = "winter";

  const treeKind: TreeKind =
    treeKinds.size === 1
      ? [...treeKinds][0]!
      : treeKinds.size > 1
        ? "mixed"
        : subjects.includes("forest")
          ? "conifer"
          : "broadleaf";
  const waterIsStill = stillWater || mood === "calm" || mood === "serene";

  return {
    prompt,
    // "ice", "frost": a frozen landscape.
    understood: subjects.length > 0 || things.length > 0 || scenery || indoor || road !== null || snowy || bareEarth,
    readings,
    subjects,
    things,
    colors,
    palette,
    timeOfDay,
    timeExplicit,
    weather,
    mood,
    snowy,
    stillWater: waterIsStill,
    treeKind,
    season,
    road,
    savanna,
    bareEarth,
    christmas: options.christmas,
    indoor,
    window,
    lunar,
    world,
    underwater,
    street,
    vessel,
    harbour,
    cave,
    room,
  };
}

/** The planets of the subject library one may stand on. */
const PLANET_IDS = new Set(["mars", "planet", "jupiter"]);

/** Adjectives and fillers a colour can reach across to find its noun. */
const FILLERS = new Set([
  "a",
  "an",
  "the",
  "tall",
  "big",
  "huge",
  "giant",
  "small",
  "little",
  "tiny",
  "distant",
  "far",
  "old",
  "ancient",
  "beautiful",
  "lovely",
  "wild",
  "rolling",
  "towering",
  "jagged",
  "snowy",
  "frozen",
  "misty",
  "foggy",
  "glowing",
  "shining",
  "sparkling",
  "calm",
  "still",
  "quiet",
  "vast",
  "endless",
  "lush",
  "dense",
  "gentle",
  "rugged",
  "majestic",
  "mighty",
  "magical",
  "dark",
  "bright",
  "cozy",
  "cosy",
  "lonely",
  "full",
  "crescent",
  "autumn",
  "spring",
  "summer",
  "winter",
  "evening",
  "night",
  "morning",
  "of",
  "many",
  "some",
  "two",
  "three",
]);

/** Words that put a rider on its mount ("a girl riding a horse"), read as "on". */
const RIDING_WORDS = new Set(["riding", "rides", "ride", "astride", "mounted"]);
/** "a horse pulling a sleigh": the thing before pulls the thing after along behind it. */
const PULLING_WORDS = new Set(["pulling", "pulls", "pull", "towing", "tows", "hauling", "hauls"]);
/** "a police car chasing a motorcycle", "a lion hunting a zebra": one runs after the other. */
const CHASING_WORDS = new Set(["chasing", "chases", "chase", "pursuing", "pursues", "hunting", "hunts", "following"]);
/** "a sleigh pulled by reindeer": the thing after pulls the thing before. */
const PULLED_WORDS = new Set(["pulled", "towed", "hauled"]);

/**
 * Whether a thing "on" (or "riding") another stands beside it instead: a figure on an animal it
 * cannot sit astride ("a man on a cat"; a robot has no riding pose), or anything riding what has
 * neither a saddle nor a deck ("a girl riding a bicycle").
 */
function isFigureOnAnimal(thing: string, target: string, riding: boolean): boolean {
  const rider = subjectById(thing);
  const mount = subjectById(target);
  if (!mount) return false;
  if (rider?.category === "figure" && mount.category === "animal") return !canRide(rider, mount);
  // A person "on a bench" or "on a chair" is drawn standing by it, full size: the library has no sitting figure.
  if (rider?.category === "figure" && (mount.id === "bench" || mount.id === "chair")) return true;
  return riding && mount.saddle === undefined && mount.surface === undefined && !mount.container;
}

/**
 * Whether a compound whose last word is a library subject's name is another kind of thing: a
 * "teddy bear" (a toy, to WordNet) or a "party balloon" (a drawing of another kind), not a
 * "polar bear" or a "tropical fish", which the library draws.
 */
function isOtherKind(compound: string, library: SubjectDefinition): boolean {
  const name = compound.replace(/s$/, "");
  if (lookupNoun(name)) return !isKindOf(name, library.words[0]!);
  const drawing = drawingsNamed(name, [], WHOLE_NAME)[0];
  return drawing !== undefined && subjectById(artSubjectId(drawing))?.category !== library.category;
}

/** A building nothing stands on top of ("on a farm" is beside its barn); a bridge has a deck. */
function isBuildingWithoutTop(target: string): boolean {
  const building = subjectById(target);
  return building?.category === "building" && building.surface === undefined && building.id !== "bridge";
}

function isAdjectiveLike(word: string): boolean {
  return FILLERS.has(word) || word.endsWith("y") || word.endsWith("ing") || word.endsWith("ed");
}

/** The African savanna, and the acacia that grows on it. */
const SAVANNA_WORDS = new Set(["savanna", "savannah", "serengeti", "veld", "acacia", "acacias", "safari"]);
/** Bare ground: a muddy field, a dirt track, dust (palette.ts paints the ground brown). */
const EARTH_WORDS = new Set(["mud", "muddy", "dirt", "soil", "dust", "dusty", "clay"]);

/** A road or a path through the landscape. */
const ROAD_WORDS: Record<string, "road" | "path"> = {
  road: "road",
  roadway: "road",
  highroad: "road",
  runway: "road",
  airstrip: "road",
  roads: "road",
  highway: "road",
  motorway: "road",
  lane: "road",
  path: "path",
  paths: "path",
  pathway: "path",
  footpath: "path",
  trail: "path",
  trails: "path",
  track: "path",
};

/** Words that name a season. */
const SEASON_WORDS: Record<string, Season> = {
  autumn: "autumn",
  autumnal: "autumn",
  halloween: "autumn",
  thanksgiving: "autumn",
  harvest: "autumn",
  spring: "spring",
  springtime: "spring",
  easter: "spring",
  summer: "summer",
  summertime: "summer",
  summery: "summer",
  winter: "winter",
  wintertime: "winter",
  wintry: "winter",
};

/** "in the fall", "fall leaves", "fall colors": the season, not a fall of water or snow. */
function isFallSeason(tokens: readonly string[], i: number): boolean {
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  return (
    (before === "the" && tokens[i - 2] === "in") ||
    after === "leaves" ||
    after === "foliage" ||
    after === "colors" ||
    after === "colours" ||
    after === "forest" ||
    after === "day" ||
    after === "morning" ||
    after === "afternoon" ||
    after === "evening"
  );
}

/** Things of the deep: naming one as the main subject of a sea puts the picture under it. */
const UNDERSEA =
  /^(octopus|squid|jellyfish|shark|crab|lobster|shrimp|tropical fish|blowfish|coral|oyster|diving mask|submarine|coral reef)$/;
/** Words that put a swimming sea animal below the surface ("gliding over white sand", "in deep water", "schooling"). */
const BELOW_WORDS = new Set(
  "swimming swims gliding glides schooling swirling circling diving dives deep depths abyss sand sandy coral corals reef reefs rock rocks crevice bottom many sunrays bubbles bubble_rings shallows".split(
    " ",
  ),
);
/** Words of the sea floor's own: with them the picture is under the sea. */
const SEA_FLOOR_WORDS = new Set(["kelp", "seagrass", "seaweed", "anemone", "anemones", "seahorse", "seahorses"]);

/** "wearing a hat": what follows is worn by what came before. */
const WEARING_WORDS = new Set(["wearing", "wears", "wear", "dressed", "sporting"]);
/** "eating leaves", "drinking milk": what follows is at the mouth of what came before. */
const EATING_WORDS = new Set(["eating", "eats", "munching", "nibbling", "chewing", "drinking", "sipping", "licking"]);

/**
 * What a person does that the art set draws whole (issue 28: a running figure that only leans reads
 * as standing): the drawing's code, with its woman and man forms where the set has them. (Walking
 * and swimming stay the library's figures: one standing reads as walking, one swimming is posed.)
 */
const ACTIVITIES: Record<string, string> = Object.fromEntries(
  (
    [
      ["1f6b4", "cycling cycles biking bikes pedalling pedaling"],
      ["1f3c4", "surfing surfs"],
      ["26f7", "skiing skis"],
      ["1f3c2", "snowboarding snowboards"],
      ["1f6a3", "rowing rows paddling canoeing kayaking"],
      ["1f9d7", "climbing climbs bouldering"],
      ["1f3cc", "golfing"],
      ["1f483", "dancing dances twirling"],
      ["1f3c3", "running runs jogging jogs sprinting sprints racing"],
      ["1f6b6", "hiking hikes"],
      ["1f9ce", "kneeling kneels praying prays"],
      ["1f9d8", "meditating meditates"],
      ["1f939", "juggling juggles"],
    ] as const
  ).flatMap(([code, words]) => words.split(" ").map((w) => [w, code])),
);
/** People named by what they do, and the activity's drawing: a climber climbs. */
const DOERS: Record<string, string> = Object.fromEntries(
  (
    [
      ["1f6b4", "cyclist cyclists biker bikers"],
      ["1f3c4", "surfer surfers"],
      ["26f7", "skier skiers"],
      ["1f6a3", "rower rowers kayaker kayakers canoeist"],
      ["1f9d7", "climber climbers mountaineer mountaineers"],
      ["1f3cc", "golfer golfers"],
      ["1f3c3", "runner runners jogger joggers sprinter sprinters"],
      ["1f6b6", "hiker hikers walker walkers"],
      ["1f939", "juggler jugglers"],
    ] as const
  ).flatMap(([code, words]) => words.split(" ").map((w) => [w, code])),
);
/** People the library draws plainly, and which form of an activity's drawing is theirs. */
const PLAIN_PEOPLE: Record<string, string> = { person: "", woman: "-200d-2640", child: "" };

/** "playing the guitar", "playing chess": what follows is in the hands of what came before. */
const PLAYING_WORDS = new Set(["playing", "plays", "play", "strumming", "strums"]);

/** "holding a balloon", "carrying a lantern": what follows is in the hands of what came before. */
const HOLDING_WORDS = new Set(["holding", "holds", "carrying", "carries", "clutching", "hugging", "wielding"]);

/** Words of grammar: never a thing, never part of a thing's name. */
const STOP_WORDS = new Set(
  // Portions ("a slice of pizza", "a plate of sushi" draw the pizza and the sushi), parts of a
  // place ("at the end of a pier", "the top of a hill") and grammar.
  (
    "slice slices piece pieces plate plates platter serving servings bite bites scoop scoops handful heap pile " +
    "end edge middle centre center top bottom side corner " +
    // (A marker the phrases leave: "the eiffel tower" is Paris with its tower standing tall.)
    "eiffel " +
    "a an the and or but of with without for to from into onto through toward towards down up out away off is are was were be being been its it their his her my our your this that these those very so as like while during who which where there here than then just all each every no not only also made " +
    // Pronouns: "bubbles trailing behind them".
    "them they him she he we us me you itself themselves"
  ).split(" "),
);

/**
 * Words that describe the picture, not a thing in it ("painting", "4k", "portrait"), and the
 * styles' own words ("watercolor", "pixel art", "ukiyo-e"): never drawn, never listed as not drawn.
 */
const PICTURE_WORDS = new Set(
  (
    "film impressionist impressionism expressionist expressionism surrealist surrealism cubist cubism baroque " +
    "ghibli pixar disney dreamworks art artwork artworks painting paintings paint drawing drawings illustration illustrations picture pictures photo photos photograph photography image images render rendering rendered style styled wallpaper poster sketch sketches portrait portraits scene scenes background backgrounds foreground detail details detailed masterpiece lighting watercolor watercolour watercolors watercolours oil canvas impasto ink pencil pen charcoal pixel pixels pixelated bit synthwave vaporwave outrun retrowave poly polygon polygonal lowpoly ukiyo e woodblock print prints pop comic halftone pastel pastels stained card cinematic photorealistic realistic hd 4k 8k resolution quality closeup close view shot lens bokeh anime cartoon manga concept digital octane unreal engine trending artstation vector icon sticker minimalist minimal aesthetic vibe vibes mood colors colours palette tones hues texture textures pattern composition perspective side top front back left right middle center centre distance"
  ).split(" "),
);

/** Whether the parser has a table of its own for the word (or it is a library or landscape name). */
function isKnownWord(word: string): boolean {
  return (
    COLOR_WORDS[word] !== undefined ||
    COLOR_MODIFIERS[word] !== undefined ||
    TIME_WORDS[word] !== undefined ||
    WEATHER_WORDS[word] !== undefined ||
    SNOWY_WORDS.has(word) ||
    MOOD_WORDS[word] !== undefined ||
    SCENERY.has(word) ||
    SKY_WORDS.has(word) ||
    RELATION_WORDS[word] !== undefined ||
    RIDING_WORDS.has(word) ||
    PULLING_WORDS.has(word) ||
    PULLED_WORDS.has(word) ||
    HOLDING_WORDS.has(word) ||
    WEARING_WORDS.has(word) ||
    EATING_WORDS.has(word) ||
    COUNT_WORDS[word] !== undefined ||
    SIZE_WORDS[word] !== undefined ||
    FILLERS.has(word) ||
    BREAKS.has(word) ||
    LINKING.has(word) ||
    INDOOR_WORDS.has(word) ||
    ROOM_KINDS[word] !== undefined ||
    ROOM_THINGS[word] !== undefined ||
    POSE_WORDS[word] !== undefined ||
    STREET_WORDS.has(word) ||
    WINDOW_WORDS.has(word) ||
    READING_WORDS.has(word) ||
    IMPLIED[word] !== undefined ||
    FLOWER_COLORS[word] !== undefined ||
    STOP_WORDS.has(word) ||
    SEASON_WORDS[word] !== undefined ||
    ROAD_WORDS[word] !== undefined ||
    SAVANNA_WORDS.has(word) ||
    EARTH_WORDS.has(word) ||
    word === "fall" ||
    word === "bare" ||
    word === "leafless" ||
    subjectByWord(word) !== undefined ||
    SUBJECT_WORDS[word] !== undefined
  );
}

/**
 * Words of the picture that are also things in it: "posters on the walls", "a pencil on a desk",
 * "a painting above the fireplace" — but "an oil painting of a fox", "a pencil drawing", "pen and ink".
 */
const OBJECT_SENSES = new Set(
  "pencil pencils pen pens canvas canvases painting paintings picture pictures photo photos photograph photographs poster posters portrait portraits plate plates image images sketch sketches film films oil paint".split(
    " ",
  ),
);
const NAMING_WORDS = new Set([...ARTICLES, ...POSSESSIVES, "with", "and", "many", "some", "several", "few"]);

/** Whether a thing "in a tree" sits in its crown: the library's perching animals, and any small animal of the art set (a monkey, a squirrel, a koala). */
function perchesInTrees(id: string): boolean {
  const definition = subjectById(id);
  if (!definition) return false;
  return (
    definition.sitsInTrees === true ||
    (id.startsWith("art:") && definition.category === "animal" && definition.size <= 0.34)
  );
}

/** Colours that are things too: "an eagle catching a salmon", "a peach on a plate". */
const COLOUR_NOUNS = new Set(
  "salmon peach peaches plum plums lime limes olive olives chocolate wine coffee honey".split(" "),
);

/** Whether the picture word or colour at `i` names a thing in the picture (see OBJECT_SENSES, COLOUR_NOUNS). */
function isObjectSense(tokens: readonly string[], i: number): boolean {
  const word = tokens[i]!;
  // A prompt of that one word asks for the thing: "pencil", "salmon".
  if (tokens.length === 1) return OBJECT_SENSES.has(word) || COLOUR_NOUNS.has(word);
  if (COLOUR_NOUNS.has(word)) {
    const [before, next] = [tokens[i - 1] ?? "", tokens[i + 1]];
    const named = ARTICLES.has(before) || POSSESSIVES.has(before) || COUNT_WORDS[before] !== undefined;
    return (
      named && (next === undefined || BREAKS.has(next) || next === "and" || next === "of" || next in RELATION_WORDS)
    );
  }
  if (!OBJECT_SENSES.has(word)) return false;
  const next = tokens[i + 1];
  // "a painting of a fox", "a pencil drawing", "pen and ink": the picture itself.
  if (next !== undefined && (next === "of" || PICTURE_WORDS.has(next))) return false;
  if (next === "and" && PICTURE_WORDS.has(tokens[i + 2] ?? "")) return false;
  // An article, a count or "with" before it, with at most two describing words between
  // ("a small framed painting", "two old posters"); a style word between makes it the picture's.
  for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
    const before = tokens[j]!;
    if (NAMING_WORDS.has(before) || COUNT_WORDS[before] !== undefined) return true;
    if (PICTURE_WORDS.has(before) || BREAKS.has(before) || RELATION_WORDS[before] !== undefined) return false;
  }
  return false;
}

/** A word the open vocabulary may read: none of the parser's, not a number, not about the picture itself. */
function isOpenWord(word: string): boolean {
  return /^[a-z][a-z_]*$/.test(word) && word.length > 1 && !isKnownWord(word) && !PICTURE_WORDS.has(word);
}

/**
 * A word that may be part of a noun of several words: any but grammar, counts and the picture's
 * words; a colour only after the first word ("ice cream"), so "red fox" stays a red fox.
 */
function isCompoundPart(word: string, index: number): boolean {
  return (
    /^[a-z]+$/.test(word) &&
    !STOP_WORDS.has(word) &&
    !BREAKS.has(word) &&
    !LINKING.has(word) &&
    (index > 0 || COLOR_WORDS[word] === undefined) &&
    COUNT_WORDS[word] === undefined &&
    SIZE_WORDS[word] === undefined &&
    RELATION_WORDS[word] === undefined &&
    !FILLERS.has(word) &&
    !PICTURE_WORDS.has(word)
  );
}

/**
 * A verb, not a noun: "eating", "landed", and a verb's -s form right after a noun ("a bird
 * flies"); "viking" and "pudding" are no verb's forms, and "cakes" after "of" is a noun.
 */
function isVerb(word: string, afterNoun: boolean): boolean {
  if (word.includes("_")) return false;
  // "seed", "sled", "shed", "feed" end as a past form does but are nouns of their own.
  if (word.endsWith("ed") && lookupNoun(word) !== undefined) return false;
  // "a dwelling", "warm clothing": a thing one can see, unless it follows a noun ("a plane landing").
  if (word.endsWith("ing") && !afterNoun) {
    const noun = lookupNoun(word);
    if (noun && isThingSense(noun.senses[0]!)) return false;
  }
  if (/(?:ing|ed)$/.test(word)) return isVerbForm(word);
  return afterNoun && word.endsWith("s") && isVerbForm(word);
}

/** Studio's own words for a lemma WordNet or the art set gave: a library subject, or a landscape. */
export function ownVocabulary(word: string): NounTarget | undefined {
  const named = subjectByWord(joinName(word));
  if (named) {
    const { id, category, container } = named.definition;
    return { kind: "library", id, category, ...(container ? { container } : {}) };
  }
  const subject = SUBJECT_WORDS[word];
  if (subject) return { kind: "landscape", subject };
  return undefined;
}

function describeReading(words: string, target: NounTarget | undefined, via: string[]): WordReading {
  if (!target) return { words, via };
  if (target.kind === "landscape") return { words, drawn: target.subject, from: "landscape", via };
  if (target.kind === "library")
    return { words, drawn: subjectById(target.id)?.words[0] ?? target.id, from: "library", via };
  return { words, drawn: target.drawing.label, from: "art", via };
}
