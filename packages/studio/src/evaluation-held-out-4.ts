/**
 * A fourth held-out part of Studio's open-vocabulary evaluation set: sixty everyday prompts, five for each of
 * twelve categories, written on 2026-11-28 by a helper who did not read Studio's code, after the third held-out
 * set (evaluation-held-out-3.ts) was measured, from what people type on AI art sites such as NightCafe, Civitai,
 * Leonardo and Midjourney galleries in their first week, and not from what Studio can draw.
 *
 * Like the earlier held-out sets, this file is kept aside: not to be read while Studio is tuned; painted once with
 * `--held-out-4-sheet`; after that its prompts count as seen.
 */
import type { OpenEvaluationPrompt } from "./evaluation-open";

export const HELD_OUT_PROMPTS_4: readonly OpenEvaluationPrompt[] = [
  // Pets and animals by breed.
  {
    prompt: "golden retriever puppy carrying a stick through autumn leaves, photo",
    category: "pets",
    expect: ["golden retriever", "stick", "leaf"],
  },
  {
    prompt: "a fluffy persian cat sitting on a velvet pillow, oil painting",
    category: "pets",
    expect: ["persian cat", "pillow"],
  },
  { prompt: "chihuahua in a pink sweater", category: "pets", expect: ["chihuahua", "sweater"] },
  {
    prompt: "a poodle in a bathtub full of bubbles, cartoon style",
    category: "pets",
    expect: ["poodle", "bathtub", "bubble"],
  },
  { prompt: "a labrador puppy chewing on a slipper, anime style", category: "pets", expect: ["labrador", "slipper"] },

  // Wild animals.
  {
    prompt: "a lion and a lioness lying in the tall grass at sunset",
    category: "wild-animals",
    expect: ["lion", "lioness", "grass"],
  },
  { prompt: "a giant panda cub climbing a tree, watercolor", category: "wild-animals", expect: ["panda", "tree"] },
  { prompt: "cheetah running across the savanna, cinematic", category: "wild-animals", expect: ["cheetah", "savanna"] },
  {
    prompt: "a hippo with its mouth wide open in a muddy river",
    category: "wild-animals",
    expect: ["hippo", "river"],
  },
  {
    prompt: "a raccoon eating out of a trash can at night, pixel art",
    category: "wild-animals",
    expect: ["raccoon", "trash can"],
  },

  // Food and drink.
  { prompt: "a big bowl of mac and cheese, food photography", category: "food", expect: ["bowl", "mac and cheese"] },
  {
    prompt: "strawberry milkshake with whipped cream and a cherry on top",
    category: "food",
    expect: ["milkshake", "cherry"],
  },
  {
    prompt: "a plate of chicken curry with rice and naan bread",
    category: "food",
    expect: ["plate", "curry", "rice", "naan"],
  },
  {
    prompt: "avocado toast with a poached egg on a white plate, photo",
    category: "food",
    expect: ["avocado toast", "egg", "plate"],
  },
  {
    prompt: "a slice of cheesecake with strawberries on top, watercolor",
    category: "food",
    expect: ["cheesecake", "strawberry"],
  },

  // Fantasy.
  {
    prompt: "a huge black dragon breathing fire on a mountain peak, epic fantasy art",
    category: "fantasy",
    expect: ["dragon", "fire", "mountain"],
  },
  {
    prompt: "a wizard reading a spellbook in a tower room full of candles",
    category: "fantasy",
    expect: ["wizard", "spellbook", "candle"],
  },
  {
    prompt: "an elven city in the treetops with glowing lanterns, digital art",
    category: "fantasy",
    expect: ["city", "tree", "lantern"],
  },
  {
    prompt: "a female warrior with a sword riding a giant white wolf",
    category: "fantasy",
    expect: ["warrior", "sword", "wolf"],
  },
  {
    prompt: "a troll hiding under a stone bridge, storybook illustration",
    category: "fantasy",
    expect: ["troll", "bridge"],
  },

  // Science fiction.
  {
    prompt: "an astronaut exploring a glowing jungle on an alien planet, cinematic",
    category: "sci-fi",
    expect: ["astronaut", "jungle"],
  },
  {
    prompt: "a giant robot fighting a sea monster in tokyo",
    category: "sci-fi",
    expect: ["robot", "sea monster", "tokyo"],
  },
  {
    prompt: "spaceship flying through an asteroid field, digital art",
    category: "sci-fi",
    expect: ["spaceship", "asteroid"],
  },
  {
    prompt: "a cute little robot holding a red balloon, pixar style",
    category: "sci-fi",
    expect: ["robot", "balloon"],
  },
  {
    prompt: "a futuristic city with flying cars and tall glass towers at sunset",
    category: "sci-fi",
    expect: ["city", "flying car", "tower"],
  },

  // Vehicles.
  {
    prompt: "a baby blue volkswagen beetle parked under a cherry tree",
    category: "vehicles",
    expect: ["volkswagen beetle", "cherry tree"],
  },
  {
    prompt: "black lamborghini driving through the city at night, cinematic",
    category: "vehicles",
    expect: ["lamborghini", "city"],
  },
  {
    prompt: "a passenger plane taking off from an airport at sunset",
    category: "vehicles",
    expect: ["plane", "airport"],
  },
  { prompt: "a bullet train passing mount fuji", category: "vehicles", expect: ["bullet train", "mount fuji"] },
  {
    prompt: "a speedboat pulling a water skier across a lake, photo",
    category: "vehicles",
    expect: ["speedboat", "water skier", "lake"],
  },

  // Cities and landmarks.
  { prompt: "the eiffel tower in the snow, watercolor", category: "cities", expect: ["eiffel tower", "snow"] },
  { prompt: "the acropolis in athens at sunset", category: "cities", expect: ["acropolis", "athens"] },
  {
    prompt: "a quiet street in tokyo with cherry blossoms and a vending machine, anime style",
    category: "cities",
    expect: ["tokyo", "cherry blossom", "vending machine"],
  },
  {
    prompt: "the london eye and the river thames at night",
    category: "cities",
    expect: ["london eye", "thames"],
  },
  {
    prompt: "christ the redeemer statue above rio de janeiro, aerial photo",
    category: "cities",
    expect: ["christ the redeemer", "rio de janeiro"],
  },

  // Seasons and holidays.
  {
    prompt: "kids opening presents by the christmas tree on christmas morning",
    category: "seasons",
    expect: ["kid", "present", "christmas tree"],
  },
  {
    prompt: "an apple orchard in autumn with a wooden ladder and baskets of apples",
    category: "seasons",
    expect: ["orchard", "ladder", "basket", "apple"],
  },
  {
    prompt: "a snowy street with christmas lights and shoppers at night, oil painting",
    category: "seasons",
    expect: ["street", "christmas light", "shopper"],
  },
  {
    prompt: "spring garden full of daffodils and a little bird bath",
    category: "seasons",
    expect: ["daffodil", "bird bath"],
  },
  {
    prompt: "a family having a picnic on a blanket under a big oak tree on a summer day, watercolor",
    category: "seasons",
    expect: ["family", "blanket", "oak tree"],
  },

  // Rooms and interiors.
  {
    prompt: "a modern living room with a big gray sofa and floor to ceiling windows, interior design photo",
    category: "rooms",
    expect: ["sofa", "window"],
  },
  {
    prompt: "a kid's bedroom with bunk beds and glow in the dark stars on the ceiling",
    category: "rooms",
    expect: ["bunk bed", "star"],
  },
  {
    prompt: "farmhouse kitchen with open shelves, mason jars and a big wooden table",
    category: "rooms",
    expect: ["shelf", "mason jar", "table"],
  },
  {
    prompt: "a small studio apartment with a loft bed and lots of plants, anime style",
    category: "rooms",
    expect: ["loft bed", "plant"],
  },
  {
    prompt: "a luxury bathroom with a marble bathtub and a view of the ocean",
    category: "rooms",
    expect: ["bathtub", "ocean"],
  },

  // Underwater.
  {
    prompt: "a pod of dolphins chasing a school of fish, underwater photo",
    category: "underwater",
    expect: ["dolphin", "fish"],
  },
  {
    prompt: "a hammerhead shark swimming over a coral reef",
    category: "underwater",
    expect: ["hammerhead shark", "coral reef"],
  },
  {
    prompt: "a mermaid with long red hair swimming with tropical fish, anime style",
    category: "underwater",
    expect: ["mermaid", "fish"],
  },
  {
    prompt: "the lost city of atlantis underwater, broken columns covered in seaweed, digital art",
    category: "underwater",
    expect: ["column", "seaweed"],
  },
  {
    prompt: "a clownfish and a blue tang swimming through a coral reef, pixar style",
    category: "underwater",
    expect: ["clownfish", "blue tang", "coral reef"],
  },

  // People at work and play.
  {
    prompt: "a mechanic fixing a car engine in a garage, photo",
    category: "people",
    expect: ["mechanic", "car", "garage"],
  },
  {
    prompt: "a little boy riding a bike down a hill with his dog running behind him",
    category: "people",
    expect: ["boy", "bike", "dog", "hill"],
  },
  {
    prompt: "a woman drinking coffee by a café window on a rainy morning, anime style",
    category: "people",
    expect: ["woman", "coffee", "window"],
  },
  {
    prompt: "a scientist in a lab coat looking into a microscope",
    category: "people",
    expect: ["scientist", "lab coat", "microscope"],
  },
  {
    prompt: "friends playing volleyball on the beach at sunset",
    category: "people",
    expect: ["friend", "volleyball", "beach"],
  },

  // Everyday objects.
  {
    prompt: "an old leather backpack on a wooden bench",
    category: "objects",
    expect: ["backpack", "bench"],
  },
  {
    prompt: "a smartphone lying on an unmade bed next to a cup of tea",
    category: "objects",
    expect: ["smartphone", "bed", "cup"],
  },
  {
    prompt: "a vintage alarm clock on a nightstand in morning sunlight, oil painting",
    category: "objects",
    expect: ["alarm clock", "nightstand"],
  },
  {
    prompt: "a glass bottle with a message inside washed up on the sand",
    category: "objects",
    expect: ["bottle", "sand"],
  },
  {
    prompt: "a yellow pencil and an eraser on an open notebook, pixel art",
    category: "objects",
    expect: ["pencil", "eraser", "notebook"],
  },
];
