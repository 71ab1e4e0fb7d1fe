/**
 * Studio's open-vocabulary evaluation set: text-to-image prompts of the kinds people type on AI art sites
 * (NightCafe, Civitai, Leonardo), each with the things a reader of the prompt must see in the picture. Where
 * evaluation-prompts.ts holds everyday prompts Studio was built to read, this set names pets by breed, wild
 * animals, food and drink, fantasy and science-fiction creatures and machines, vehicles, named cities and
 * landmarks, seasons and holidays, rooms, the underwater world, people at work and play, and everyday objects,
 * many of which Studio's hand-drawn library does not know.
 *
 * It was written before the open-vocabulary work of issue 28, from what people type on generation sites and
 * not from what Studio can draw, so the share of expected things Studio shows measures how open its vocabulary
 * is. Sixty further prompts of the same kinds and mix, drawn from the same pool, are kept aside in
 * evaluation-held-out.ts.
 */
export interface OpenEvaluationPrompt {
  prompt: string;
  /**
   * What the prompt is about, as a short kebab-case id: "pets", "wild-animals", "food", "fantasy", "sci-fi",
   * "vehicles", "cities", "seasons", "rooms", "underwater", "people" or "objects".
   */
  category: string;
  /**
   * The things a reader of the prompt must see in the picture, as the prompt's own nouns in the singular
   * ("giraffe", "tree"): every concrete noun that names a thing to draw, not places' general words like "scene".
   * A compound noun stays as people write it ("ice cream cone", "teddy bear", "fire truck"), and a named city or
   * landmark is its name ("new york", "eiffel tower").
   */
  expect: string[];
}

export const OPEN_EVALUATION_PROMPTS: readonly OpenEvaluationPrompt[] = [
  // Pets and animals by breed.
  { prompt: "a siamese cat sitting on a windowsill", category: "pets", expect: ["siamese cat", "windowsill"] },
  { prompt: "a beagle wearing a red bandana", category: "pets", expect: ["beagle", "bandana"] },
  {
    prompt: "two clydesdales pulling a wooden cart through the snow",
    category: "pets",
    expect: ["clydesdale", "cart", "snow"],
  },
  { prompt: "a green parakeet perched on a finger", category: "pets", expect: ["parakeet", "finger"] },
  {
    prompt: "a fluffy maine coon asleep on a bookshelf, studio ghibli style",
    category: "pets",
    expect: ["maine coon", "bookshelf"],
  },
  { prompt: "two dachshunds in matching christmas sweaters", category: "pets", expect: ["dachshund", "sweater"] },
  { prompt: "a hamster eating a sunflower seed", category: "pets", expect: ["hamster", "sunflower seed"] },
  { prompt: "a german shepherd lying by a farm gate", category: "pets", expect: ["german shepherd", "gate"] },
  {
    prompt: "a tabby cat wearing a tiny wizard hat, sitting on a pile of old books next to a candle",
    category: "pets",
    expect: ["tabby cat", "hat", "book", "candle"],
  },
  { prompt: "a pug in a tiny astronaut costume", category: "pets", expect: ["pug", "costume"] },
  {
    prompt: "a border collie herding sheep on a green hill",
    category: "pets",
    expect: ["border collie", "sheep", "hill"],
  },
  { prompt: "a shetland pony eating hay in a stable", category: "pets", expect: ["shetland pony", "hay", "stable"] },
  { prompt: "a cockatiel sitting on a girl's shoulder", category: "pets", expect: ["cockatiel", "girl", "shoulder"] },
  { prompt: "a french bulldog sleeping on a couch, pixel art", category: "pets", expect: ["french bulldog", "couch"] },
  { prompt: "a white rabbit wearing a tiny knitted hat", category: "pets", expect: ["rabbit", "hat"] },
  { prompt: "a bearded dragon basking under a heat lamp", category: "pets", expect: ["bearded dragon", "heat lamp"] },
  { prompt: "a shiba inu in a field of sunflowers", category: "pets", expect: ["shiba inu", "field", "sunflower"] },

  // Wild animals.
  { prompt: "a giraffe on the african savanna at sunset", category: "wild-animals", expect: ["giraffe", "savanna"] },
  {
    prompt: "a flock of pink flamingos standing in a lagoon",
    category: "wild-animals",
    expect: ["flamingo", "lagoon"],
  },
  { prompt: "a koala sleeping in a eucalyptus tree", category: "wild-animals", expect: ["koala", "eucalyptus tree"] },
  {
    prompt: "a polar bear and her cub on an ice floe",
    category: "wild-animals",
    expect: ["polar bear", "cub", "ice floe"],
  },
  {
    prompt: "an elephant spraying water with its trunk",
    category: "wild-animals",
    expect: ["elephant", "water", "trunk"],
  },
  {
    prompt: "a snow leopard on a rocky ledge in the mountains, digital art",
    category: "wild-animals",
    expect: ["snow leopard", "ledge", "mountain"],
  },
  { prompt: "red panda eating bamboo", category: "wild-animals", expect: ["red panda", "bamboo"] },
  { prompt: "a pack of wolves running through deep snow", category: "wild-animals", expect: ["wolf", "snow"] },
  {
    prompt: "a toucan with a bright orange beak in the rainforest",
    category: "wild-animals",
    expect: ["toucan", "beak", "rainforest"],
  },
  { prompt: "a baby sloth hanging from a branch", category: "wild-animals", expect: ["sloth", "branch"] },
  { prompt: "zebras drinking at a watering hole", category: "wild-animals", expect: ["zebra", "watering hole"] },
  { prompt: "a lion resting on a rock, low poly", category: "wild-animals", expect: ["lion", "rock"] },
  {
    prompt: "two penguins holding flippers on an iceberg",
    category: "wild-animals",
    expect: ["penguin", "flipper", "iceberg"],
  },
  { prompt: "a hedgehog holding a tiny mushroom", category: "wild-animals", expect: ["hedgehog", "mushroom"] },
  { prompt: "a barn owl in flight at night, ukiyo-e", category: "wild-animals", expect: ["barn owl"] },
  { prompt: "a peacock spreading its tail feathers", category: "wild-animals", expect: ["peacock", "feather"] },
  {
    prompt: "a family of meerkats standing guard on a sand dune",
    category: "wild-animals",
    expect: ["meerkat", "sand dune"],
  },

  // Food and drink.
  {
    prompt: "a bowl of ramen with a soft boiled egg and chopsticks",
    category: "food",
    expect: ["bowl", "ramen", "egg", "chopstick"],
  },
  { prompt: "a croissant and a latte on a café table", category: "food", expect: ["croissant", "latte", "table"] },
  { prompt: "three cupcakes with pink frosting", category: "food", expect: ["cupcake", "frosting"] },
  { prompt: "a slice of lasagna on a white plate", category: "food", expect: ["lasagna", "plate"] },
  {
    prompt: "a stack of pancakes with blueberries and maple syrup",
    category: "food",
    expect: ["pancake", "blueberry", "maple syrup"],
  },
  {
    prompt: "a cheeseburger and a milkshake on a diner counter",
    category: "food",
    expect: ["cheeseburger", "milkshake", "counter"],
  },
  { prompt: "a matcha latte in a ceramic cup", category: "food", expect: ["matcha latte", "cup"] },
  { prompt: "a chocolate birthday cake with candles", category: "food", expect: ["birthday cake", "candle"] },
  { prompt: "dim sum in bamboo steamers", category: "food", expect: ["dim sum", "steamer"] },
  { prompt: "a glass of red wine next to a cheese board", category: "food", expect: ["glass", "wine", "cheese board"] },
  { prompt: "glazed donut with rainbow sprinkles", category: "food", expect: ["donut", "sprinkle"] },
  { prompt: "spaghetti and meatballs, watercolor", category: "food", expect: ["spaghetti", "meatball"] },
  { prompt: "a loaf of sourdough bread on a cutting board", category: "food", expect: ["bread", "cutting board"] },
  { prompt: "a fruit tart with kiwi and strawberries", category: "food", expect: ["tart", "kiwi", "strawberry"] },
  { prompt: "an ice cream cone melting in the sun", category: "food", expect: ["ice cream cone", "sun"] },
  {
    prompt: "a bento box with rice, salmon and broccoli",
    category: "food",
    expect: ["bento box", "rice", "salmon", "broccoli"],
  },
  {
    prompt: "french macarons in pastel colors on a marble table, pixel art",
    category: "food",
    expect: ["macaron", "table"],
  },

  // Fantasy.
  { prompt: "an old wizard with a long white beard casting a spell", category: "fantasy", expect: ["wizard", "beard"] },
  { prompt: "a mermaid sitting on a rock in the ocean", category: "fantasy", expect: ["mermaid", "rock", "ocean"] },
  { prompt: "a unicorn drinking from a stream in the moonlight", category: "fantasy", expect: ["unicorn", "stream"] },
  { prompt: "a goblin counting gold coins in a cave", category: "fantasy", expect: ["goblin", "coin", "cave"] },
  { prompt: "a dragon sleeping on a pile of treasure", category: "fantasy", expect: ["dragon", "treasure"] },
  { prompt: "a fairy sitting on a mushroom", category: "fantasy", expect: ["fairy", "mushroom"] },
  { prompt: "a knight in shining armor fighting a troll", category: "fantasy", expect: ["knight", "armor", "troll"] },
  { prompt: "a witch brewing a potion in a cauldron", category: "fantasy", expect: ["witch", "potion", "cauldron"] },
  { prompt: "a griffin flying over a medieval village", category: "fantasy", expect: ["griffin", "village"] },
  { prompt: "a dwarf hammering an axe at a glowing forge", category: "fantasy", expect: ["dwarf", "axe", "forge"] },
  {
    prompt: "enchanted forest with glowing mushrooms and fireflies",
    category: "fantasy",
    expect: ["forest", "mushroom", "firefly"],
  },
  { prompt: "a vampire in a gothic castle, oil painting", category: "fantasy", expect: ["vampire", "castle"] },
  { prompt: "a pegasus flying over a waterfall", category: "fantasy", expect: ["pegasus", "waterfall"] },
  { prompt: "a white kitsune with nine tails, ukiyo-e", category: "fantasy", expect: ["kitsune", "tail"] },
  { prompt: "a tiny dragon sitting in a teacup", category: "fantasy", expect: ["dragon", "teacup"] },
  { prompt: "a sorceress holding a crystal ball", category: "fantasy", expect: ["sorceress", "crystal ball"] },
  { prompt: "a minotaur in a stone labyrinth", category: "fantasy", expect: ["minotaur", "labyrinth"] },

  // Science fiction.
  { prompt: "a spaceship landing on a red planet", category: "sci-fi", expect: ["spaceship", "planet"] },
  { prompt: "an astronaut on a spacewalk with the earth below", category: "sci-fi", expect: ["astronaut", "earth"] },
  { prompt: "a green alien waving hello", category: "sci-fi", expect: ["alien"] },
  { prompt: "a space station orbiting saturn", category: "sci-fi", expect: ["space station", "saturn"] },
  { prompt: "a giant mech standing in a ruined city, concept art", category: "sci-fi", expect: ["mech", "city"] },
  { prompt: "a rocket on the launch pad at dawn", category: "sci-fi", expect: ["rocket", "launch pad"] },
  {
    prompt: "an astronaut sitting on the moon eating a sandwich",
    category: "sci-fi",
    expect: ["astronaut", "moon", "sandwich"],
  },
  { prompt: "portrait of an android with glowing blue eyes", category: "sci-fi", expect: ["android", "eye"] },
  {
    prompt: "a moon base with domes and solar panels",
    category: "sci-fi",
    expect: ["moon base", "dome", "solar panel"],
  },
  { prompt: "a robot dog walking on mars", category: "sci-fi", expect: ["robot dog", "mars"] },
  { prompt: "a futuristic hover car flying over a highway", category: "sci-fi", expect: ["hover car", "highway"] },
  { prompt: "an alien planet with two suns and purple trees", category: "sci-fi", expect: ["planet", "sun", "tree"] },
  { prompt: "a cyborg with a metal arm", category: "sci-fi", expect: ["cyborg", "arm"] },
  {
    prompt: "an astronaut planting a flag on an asteroid",
    category: "sci-fi",
    expect: ["astronaut", "flag", "asteroid"],
  },
  {
    prompt: "a retro tin robot holding a flower, 1950s sci-fi poster",
    category: "sci-fi",
    expect: ["robot", "flower"],
  },
  { prompt: "an alien spaceship hovering over a cornfield", category: "sci-fi", expect: ["spaceship", "cornfield"] },
  {
    prompt: "two astronauts playing chess inside a space station",
    category: "sci-fi",
    expect: ["astronaut", "chess", "space station"],
  },

  // Vehicles.
  { prompt: "a vintage red pickup truck on a country road", category: "vehicles", expect: ["pickup truck", "road"] },
  { prompt: "a tram going down a hill in lisbon", category: "vehicles", expect: ["tram", "hill", "lisbon"] },
  { prompt: "a motorcycle parked outside a diner, 35mm photo", category: "vehicles", expect: ["motorcycle", "diner"] },
  { prompt: "a white sailboat in a turquoise bay", category: "vehicles", expect: ["sailboat", "bay"] },
  { prompt: "a yellow submarine under the sea", category: "vehicles", expect: ["submarine", "sea"] },
  { prompt: "a green tractor plowing a field", category: "vehicles", expect: ["tractor", "field"] },
  {
    prompt: "a steam locomotive puffing smoke in a station",
    category: "vehicles",
    expect: ["steam locomotive", "smoke", "station"],
  },
  {
    prompt: "a vintage camper van at the beach with surfboards on the roof",
    category: "vehicles",
    expect: ["camper van", "beach", "surfboard"],
  },
  { prompt: "fighter jet breaking the sound barrier", category: "vehicles", expect: ["fighter jet"] },
  {
    prompt: "a bicycle with a basket of flowers leaning on a wall",
    category: "vehicles",
    expect: ["bicycle", "basket", "flower", "wall"],
  },
  { prompt: "a race car speeding on a track", category: "vehicles", expect: ["race car", "track"] },
  { prompt: "a cable car above snowy mountains", category: "vehicles", expect: ["cable car", "mountain"] },
  { prompt: "a fire truck with its ladder up", category: "vehicles", expect: ["fire truck", "ladder"] },
  { prompt: "a yellow school bus parked in front of a school", category: "vehicles", expect: ["school bus", "school"] },
  { prompt: "a red biplane flying over farmland, pixel art", category: "vehicles", expect: ["biplane", "farmland"] },
  { prompt: "an ambulance with flashing lights", category: "vehicles", expect: ["ambulance", "light"] },
  { prompt: "a bulldozer on a construction site", category: "vehicles", expect: ["bulldozer", "construction site"] },

  // Named cities and landmarks.
  { prompt: "the eiffel tower at night with sparkling lights", category: "cities", expect: ["eiffel tower", "light"] },
  {
    prompt: "shibuya crossing in tokyo at night in the rain",
    category: "cities",
    expect: ["shibuya crossing", "tokyo", "rain"],
  },
  {
    prompt: "big ben and a red double decker bus in london",
    category: "cities",
    expect: ["big ben", "double decker bus", "london"],
  },
  { prompt: "gondolas on the grand canal in venice", category: "cities", expect: ["gondola", "grand canal", "venice"] },
  { prompt: "the taj mahal reflected in a long pool", category: "cities", expect: ["taj mahal", "pool"] },
  { prompt: "the colosseum in rome at sunset", category: "cities", expect: ["colosseum", "rome"] },
  { prompt: "golden gate bridge in fog, film photo", category: "cities", expect: ["golden gate bridge", "fog"] },
  {
    prompt: "santorini white houses with blue domes above the sea",
    category: "cities",
    expect: ["santorini", "house", "dome", "sea"],
  },
  { prompt: "mount fuji with cherry blossoms, ukiyo-e", category: "cities", expect: ["mount fuji", "cherry blossom"] },
  { prompt: "the sydney opera house lit up at night", category: "cities", expect: ["sydney opera house"] },
  {
    prompt: "the great wall of china winding over green hills",
    category: "cities",
    expect: ["great wall of china", "hill"],
  },
  {
    prompt: "a rainy paris street with a little café, impressionist painting",
    category: "cities",
    expect: ["paris", "street", "café"],
  },
  {
    prompt: "the leaning tower of pisa with tourists pretending to hold it up",
    category: "cities",
    expect: ["leaning tower of pisa", "tourist"],
  },
  { prompt: "a busy street market in marrakech", category: "cities", expect: ["market", "marrakech"] },
  {
    prompt: "the dubai skyline with the burj khalifa",
    category: "cities",
    expect: ["dubai", "skyline", "burj khalifa"],
  },
  { prompt: "stonehenge at dawn", category: "cities", expect: ["stonehenge"] },
  {
    prompt: "a red pagoda in kyoto surrounded by maple trees",
    category: "cities",
    expect: ["pagoda", "kyoto", "maple tree"],
  },

  // Seasons and holidays.
  { prompt: "an autumn forest with a winding path", category: "seasons", expect: ["forest", "path"] },
  { prompt: "a smiling halloween pumpkin wearing a witch hat", category: "seasons", expect: ["pumpkin", "hat"] },
  {
    prompt: "a christmas tree with a gold star on top in a living room",
    category: "seasons",
    expect: ["christmas tree", "star", "living room"],
  },
  { prompt: "painted easter eggs in a basket", category: "seasons", expect: ["easter egg", "basket"] },
  {
    prompt: "a snowman wearing a scarf and a top hat, claymation",
    category: "seasons",
    expect: ["snowman", "scarf", "top hat"],
  },
  {
    prompt: "a summer beach with umbrellas and sandcastles",
    category: "seasons",
    expect: ["beach", "umbrella", "sandcastle"],
  },
  { prompt: "fireworks over a lake on the fourth of july", category: "seasons", expect: ["firework", "lake"] },
  {
    prompt: "a snowy mountain chalet with smoke from the chimney",
    category: "seasons",
    expect: ["chalet", "smoke", "chimney"],
  },
  { prompt: "a field of tulips in spring, oil painting", category: "seasons", expect: ["field", "tulip"] },
  {
    prompt: "a skeleton and bats in a haunted house, halloween",
    category: "seasons",
    expect: ["skeleton", "bat", "haunted house"],
  },
  { prompt: "red paper lanterns for chinese new year", category: "seasons", expect: ["lantern"] },
  { prompt: "diwali oil lamps on a doorstep", category: "seasons", expect: ["oil lamp", "doorstep"] },
  { prompt: "a bouquet of red roses for valentine's day", category: "seasons", expect: ["bouquet", "rose"] },
  {
    prompt: "a gingerbread house covered in candy, watercolor",
    category: "seasons",
    expect: ["gingerbread house", "candy"],
  },
  {
    prompt: "the easter bunny hiding eggs in a garden",
    category: "seasons",
    expect: ["easter bunny", "egg", "garden"],
  },
  { prompt: "a scarecrow in a pumpkin patch", category: "seasons", expect: ["scarecrow", "pumpkin patch"] },
  {
    prompt: "a christmas wreath with pine cones on a red door",
    category: "seasons",
    expect: ["wreath", "pine cone", "door"],
  },

  // Rooms and interiors.
  {
    prompt: "a cozy bedroom with fairy lights and plants",
    category: "rooms",
    expect: ["bedroom", "fairy light", "plant"],
  },
  {
    prompt: "inside a small café with wooden tables and a chalkboard",
    category: "rooms",
    expect: ["café", "table", "chalkboard"],
  },
  {
    prompt: "an empty classroom with desks and a blackboard",
    category: "rooms",
    expect: ["classroom", "desk", "blackboard"],
  },
  {
    prompt: "an old library with tall bookshelves and a rolling ladder",
    category: "rooms",
    expect: ["library", "bookshelf", "ladder"],
  },
  {
    prompt: "a living room with a fireplace and a cat on the rug",
    category: "rooms",
    expect: ["living room", "fireplace", "cat", "rug"],
  },
  {
    prompt: "a 90s teenager's bedroom with posters on the walls",
    category: "rooms",
    expect: ["bedroom", "poster", "wall"],
  },
  { prompt: "an artist's studio with easels and canvases", category: "rooms", expect: ["studio", "easel", "canvas"] },
  {
    prompt: "a home office with a laptop and a big window",
    category: "rooms",
    expect: ["home office", "laptop", "window"],
  },
  { prompt: "a children's playroom full of toys", category: "rooms", expect: ["playroom", "toy"] },
  { prompt: "a greenhouse full of hanging plants", category: "rooms", expect: ["greenhouse", "plant"] },
  {
    prompt: "a bakery counter full of bread and pastries",
    category: "rooms",
    expect: ["bakery", "counter", "bread", "pastry"],
  },
  { prompt: "a grand hotel lobby with a chandelier", category: "rooms", expect: ["lobby", "chandelier"] },
  {
    prompt: "a log cabin interior with a stone fireplace, oil painting",
    category: "rooms",
    expect: ["log cabin", "fireplace"],
  },
  { prompt: "a laundromat at night", category: "rooms", expect: ["laundromat"] },
  {
    prompt: "a music room with a grand piano and a cello",
    category: "rooms",
    expect: ["music room", "grand piano", "cello"],
  },
  { prompt: "a wine cellar with oak barrels", category: "rooms", expect: ["wine cellar", "barrel"] },
  {
    prompt: "a reading nook with pillows and a blanket, isometric",
    category: "rooms",
    expect: ["reading nook", "pillow", "blanket"],
  },

  // Underwater.
  {
    prompt: "a colorful coral reef with a parrotfish and a moray eel",
    category: "underwater",
    expect: ["coral reef", "parrotfish", "moray eel"],
  },
  { prompt: "a jellyfish glowing in the deep ocean", category: "underwater", expect: ["jellyfish", "ocean"] },
  { prompt: "a sea turtle swimming over a coral reef", category: "underwater", expect: ["sea turtle", "coral reef"] },
  { prompt: "a whale shark swimming next to a diver", category: "underwater", expect: ["whale shark", "diver"] },
  { prompt: "a shipwreck covered in seaweed", category: "underwater", expect: ["shipwreck", "seaweed"] },
  { prompt: "a giant squid attacking a submarine", category: "underwater", expect: ["squid", "submarine"] },
  { prompt: "a school of silver fish in blue water", category: "underwater", expect: ["fish", "water"] },
  { prompt: "an underwater city with glass domes", category: "underwater", expect: ["city", "dome"] },
  {
    prompt: "a scuba diver with a flashlight exploring an underwater cave",
    category: "underwater",
    expect: ["scuba diver", "flashlight", "cave"],
  },
  {
    prompt: "a treasure chest on the sea floor full of gold coins",
    category: "underwater",
    expect: ["treasure chest", "sea floor", "coin"],
  },
  { prompt: "anglerfish in the dark", category: "underwater", expect: ["anglerfish"] },
  {
    prompt: "starfish and seashells on the sea bed",
    category: "underwater",
    expect: ["starfish", "seashell", "sea bed"],
  },
  { prompt: "a girl swimming with dolphins underwater", category: "underwater", expect: ["girl", "dolphin"] },
  { prompt: "an octopus hiding in an old diving helmet", category: "underwater", expect: ["octopus", "diving helmet"] },
  { prompt: "a great white shark, digital art", category: "underwater", expect: ["great white shark"] },
  { prompt: "a crab walking on the sea floor", category: "underwater", expect: ["crab", "sea floor"] },
  {
    prompt: "a blue whale and her calf in the deep sea, low poly",
    category: "underwater",
    expect: ["blue whale", "calf", "sea"],
  },

  // People at work and play.
  { prompt: "a chef tossing vegetables in a pan", category: "people", expect: ["chef", "vegetable", "pan"] },
  { prompt: "a doctor with a stethoscope smiling", category: "people", expect: ["doctor", "stethoscope"] },
  { prompt: "a painter at an easel by the river", category: "people", expect: ["painter", "easel", "river"] },
  {
    prompt: "a skateboarder doing a kickflip in a skate park",
    category: "people",
    expect: ["skateboarder", "skate park"],
  },
  { prompt: "an old fisherman mending nets on a dock", category: "people", expect: ["fisherman", "net", "dock"] },
  { prompt: "a farmer holding a basket of tomatoes", category: "people", expect: ["farmer", "basket", "tomato"] },
  { prompt: "a surfer riding a huge wave", category: "people", expect: ["surfer", "wave"] },
  { prompt: "a little girl blowing bubbles on the beach", category: "people", expect: ["girl", "bubble", "beach"] },
  {
    prompt: "a construction worker in a hard hat on a steel beam",
    category: "people",
    expect: ["construction worker", "hard hat", "beam"],
  },
  { prompt: "a violinist playing on a street corner", category: "people", expect: ["violinist", "street corner"] },
  { prompt: "a pilot in the cockpit of a plane", category: "people", expect: ["pilot", "cockpit", "plane"] },
  { prompt: "a gardener watering roses, watercolor", category: "people", expect: ["gardener", "rose"] },
  { prompt: "a boy reading a comic book under a tree", category: "people", expect: ["boy", "comic book", "tree"] },
  { prompt: "two old men playing chess in the park", category: "people", expect: ["man", "chess", "park"] },
  { prompt: "a rock climber hanging from a cliff", category: "people", expect: ["rock climber", "cliff"] },
  {
    prompt: "a baker pulling bread out of the oven, oil painting",
    category: "people",
    expect: ["baker", "bread", "oven"],
  },
  { prompt: "a grandmother knitting in a rocking chair", category: "people", expect: ["grandmother", "rocking chair"] },

  // Everyday objects and still lifes.
  { prompt: "a vintage typewriter on a wooden desk", category: "objects", expect: ["typewriter", "desk"] },
  { prompt: "a red umbrella leaning against a door", category: "objects", expect: ["umbrella", "door"] },
  {
    prompt: "still life with apples, a jug and a candle, oil painting",
    category: "objects",
    expect: ["apple", "jug", "candle"],
  },
  { prompt: "a pocket watch on a gold chain", category: "objects", expect: ["pocket watch", "chain"] },
  { prompt: "an old camera and a map on a table", category: "objects", expect: ["camera", "map", "table"] },
  { prompt: "a pair of worn leather boots", category: "objects", expect: ["boot"] },
  {
    prompt: "a blue vase of sunflowers on a windowsill",
    category: "objects",
    expect: ["vase", "sunflower", "windowsill"],
  },
  { prompt: "a teddy bear sitting on a bed", category: "objects", expect: ["teddy bear", "bed"] },
  { prompt: "a guitar leaning against an amplifier", category: "objects", expect: ["guitar", "amplifier"] },
  { prompt: "a potted cactus on a white shelf", category: "objects", expect: ["cactus", "shelf"] },
  { prompt: "a lava lamp on a nightstand", category: "objects", expect: ["lava lamp", "nightstand"] },
  { prompt: "an hourglass with blue sand", category: "objects", expect: ["hourglass", "sand"] },
  { prompt: "a skull and a melting candle, still life", category: "objects", expect: ["skull", "candle"] },
  { prompt: "a cracked teapot with flowers growing out of it", category: "objects", expect: ["teapot", "flower"] },
  { prompt: "an old brass key on a velvet cloth", category: "objects", expect: ["key", "cloth"] },
  {
    prompt: "a snow globe with a tiny carousel inside, pixel art",
    category: "objects",
    expect: ["snow globe", "carousel"],
  },
  {
    prompt: "a basket of figs and pomegranates, cezanne style",
    category: "objects",
    expect: ["basket", "fig", "pomegranate"],
  },
];
