/**
 * A third held-out part of Studio's open-vocabulary evaluation set: sixty prompts of the same kinds and mix as
 * evaluation-open.ts (what people type on AI art sites such as NightCafe, Civitai, Leonardo and Midjourney
 * galleries), five for each of its twelve categories, written on 2026-11-28 by a helper who did not read Studio's
 * code, after the second held-out set (evaluation-held-out-2.ts) was measured, from what people type and not from
 * what Studio can draw.
 *
 * Like the earlier held-out sets, this file is kept aside: it is not to be read while Studio is tuned. It is to be
 * painted once, with a future command like `--held-out-3-sheet`, to measure words nobody tuned Studio to; after
 * that measurement its prompts count as seen.
 */
import type { OpenEvaluationPrompt } from "./evaluation-open";

export const HELD_OUT_PROMPTS_3: readonly OpenEvaluationPrompt[] = [
  // Pets and animals by breed.
  {
    prompt: "a husky puppy with bright blue eyes sitting in fresh snow outside a log cabin, anime style",
    category: "pets",
    expect: ["husky", "snow", "log cabin"],
  },
  { prompt: "ginger cat stretching on a sunny porch step, watercolor", category: "pets", expect: ["cat", "porch"] },
  {
    prompt: "a black pomeranian riding in a bicycle basket",
    category: "pets",
    expect: ["pomeranian", "bicycle", "basket"],
  },
  { prompt: "guinea pig eating lettuce, pixel art", category: "pets", expect: ["guinea pig", "lettuce"] },
  { prompt: "an old tortoise crawling across a garden lawn at dawn", category: "pets", expect: ["tortoise", "lawn"] },

  // Wild animals.
  { prompt: "a grizzly bear standing in a river, oil painting", category: "wild-animals", expect: ["bear", "river"] },
  {
    prompt: "tiger prowling through tall grass under a stormy sky, cinematic",
    category: "wild-animals",
    expect: ["tiger", "grass"],
  },
  {
    prompt: "a little monkey eating a banana high up in a tree, anime",
    category: "wild-animals",
    expect: ["monkey", "banana", "tree"],
  },
  {
    prompt: "a squirrel on a wooden fence holding an acorn",
    category: "wild-animals",
    expect: ["squirrel", "fence", "acorn"],
  },
  {
    prompt: "a herd of deer grazing in a misty meadow at sunrise, photo",
    category: "wild-animals",
    expect: ["deer", "meadow"],
  },

  // Food and drink.
  {
    prompt: "a bowl of tomato soup with a grilled cheese sandwich on a rainy day, photo",
    category: "food",
    expect: ["bowl", "soup", "sandwich"],
  },
  { prompt: "hot dog with mustard and ketchup, pixel art", category: "food", expect: ["hot dog"] },
  {
    prompt: "fried eggs and bacon on a plate on a sunny kitchen table",
    category: "food",
    expect: ["egg", "bacon", "plate", "table"],
  },
  {
    prompt: "a watermelon cut in half on a picnic blanket in summer, oil painting",
    category: "food",
    expect: ["watermelon", "picnic blanket"],
  },
  { prompt: "a cup of brown sugar bubble tea, anime style", category: "food", expect: ["cup", "bubble tea"] },

  // Fantasy.
  { prompt: "a cyclops guarding a mountain pass", category: "fantasy", expect: ["cyclops", "mountain"] },
  {
    prompt: "a necromancer raising skeletons in a graveyard at midnight, dark fantasy",
    category: "fantasy",
    expect: ["necromancer", "skeleton", "graveyard"],
  },
  { prompt: "a baby dragon hatching from an egg, watercolor", category: "fantasy", expect: ["dragon", "egg"] },
  {
    prompt: "a hobbit house with a round green door in the rolling hills",
    category: "fantasy",
    expect: ["house", "door", "hill"],
  },
  {
    prompt: "a sea serpent coiling around a lighthouse in a storm",
    category: "fantasy",
    expect: ["sea serpent", "lighthouse"],
  },

  // Science fiction.
  {
    prompt: "a robot watering tomato plants with a watering can",
    category: "sci-fi",
    expect: ["robot", "plant", "watering can"],
  },
  {
    prompt:
      "a space marine in battered power armor standing on an alien battlefield under two moons, concept art, highly detailed",
    category: "sci-fi",
    expect: ["space marine", "armor", "moon"],
  },
  { prompt: "a black hole swallowing a star, digital art", category: "sci-fi", expect: ["black hole", "star"] },
  {
    prompt: "a kid with a jetpack flying over city rooftops at sunset",
    category: "sci-fi",
    expect: ["kid", "jetpack", "rooftop"],
  },
  {
    prompt: "cryo pods lined up in a dark spaceship corridor",
    category: "sci-fi",
    expect: ["cryo pod", "corridor"],
  },

  // Vehicles.
  {
    prompt: "a mint green scooter parked on a cobblestone street, film photo",
    category: "vehicles",
    expect: ["scooter", "street"],
  },
  { prompt: "a monster truck jumping over a row of cars", category: "vehicles", expect: ["monster truck", "car"] },
  { prompt: "a red canoe on a misty lake at dawn", category: "vehicles", expect: ["canoe", "lake"] },
  {
    prompt: "a snowplow clearing a road at night during a blizzard",
    category: "vehicles",
    expect: ["snowplow", "road"],
  },
  {
    prompt: "an ice cream truck on a sunny street, pixel art",
    category: "vehicles",
    expect: ["ice cream truck", "street"],
  },

  // Cities and landmarks.
  {
    prompt: "neuschwanstein castle covered in snow",
    category: "cities",
    expect: ["neuschwanstein castle", "snow"],
  },
  {
    prompt: "machu picchu at sunrise with llamas in the foreground",
    category: "cities",
    expect: ["machu picchu", "llama"],
  },
  { prompt: "the hollywood sign on a hazy afternoon", category: "cities", expect: ["hollywood sign"] },
  {
    prompt: "colorful old houses and vintage cars on a street in havana, photo",
    category: "cities",
    expect: ["havana", "house", "car"],
  },
  {
    prompt: "the sagrada familia in barcelona, watercolor",
    category: "cities",
    expect: ["sagrada familia", "barcelona"],
  },

  // Seasons and holidays.
  {
    prompt: "kids in costumes trick-or-treating on a foggy street",
    category: "seasons",
    expect: ["kid", "costume", "street"],
  },
  {
    prompt: "a hanukkah menorah glowing on a windowsill",
    category: "seasons",
    expect: ["menorah", "windowsill"],
  },
  {
    prompt: "ice skaters on a frozen pond in a winter village, oil painting",
    category: "seasons",
    expect: ["ice skater", "pond", "house"],
  },
  {
    prompt: "a girl selling lemonade at a stand on a hot summer afternoon, pixel art",
    category: "seasons",
    expect: ["girl", "lemonade stand"],
  },
  {
    prompt: "a maypole with colorful ribbons in a spring meadow",
    category: "seasons",
    expect: ["maypole", "ribbon", "meadow"],
  },

  // Rooms and interiors.
  {
    prompt: "a walk-in closet full of shoes and handbags, anime",
    category: "rooms",
    expect: ["closet", "shoe", "handbag"],
  },
  {
    prompt: "a garage workshop with tools hanging on a pegboard, photo",
    category: "rooms",
    expect: ["garage", "tool", "pegboard"],
  },
  {
    prompt: "a baby nursery with a white crib and a mobile of stars, watercolor",
    category: "rooms",
    expect: ["crib", "mobile"],
  },
  {
    prompt: "a sunroom with wicker chairs, potted ferns and a sleeping cat, warm afternoon light, oil painting",
    category: "rooms",
    expect: ["wicker chair", "fern", "cat"],
  },
  { prompt: "a home gym with a treadmill and dumbbells", category: "rooms", expect: ["treadmill", "dumbbell"] },

  // Underwater.
  {
    prompt: "a lobster crawling out of a rock crevice",
    category: "underwater",
    expect: ["lobster", "rock"],
  },
  { prompt: "a pod of orcas hunting in icy water", category: "underwater", expect: ["orca"] },
  {
    prompt: "an ancient stone statue overgrown with coral, digital art",
    category: "underwater",
    expect: ["statue", "coral"],
  },
  {
    prompt: "a pufferfish next to a purple sea urchin, pixel art",
    category: "underwater",
    expect: ["pufferfish", "sea urchin"],
  },
  {
    prompt: "sea lions playing among bubbles in clear green water, photo",
    category: "underwater",
    expect: ["sea lion", "bubble"],
  },

  // People at work and play.
  {
    prompt: "a mail carrier delivering letters on a snowy street",
    category: "people",
    expect: ["mail carrier", "letter", "street"],
  },
  {
    prompt: "a woman doing yoga on a rooftop at sunrise",
    category: "people",
    expect: ["woman", "yoga mat", "rooftop"],
  },
  {
    prompt: "a beekeeper holding up a honeycomb frame, photo",
    category: "people",
    expect: ["beekeeper", "honeycomb"],
  },
  {
    prompt: "an elderly woman feeding pigeons in a city square, oil painting",
    category: "people",
    expect: ["woman", "pigeon"],
  },
  {
    prompt: "teenagers playing basketball on an outdoor court at dusk, anime",
    category: "people",
    expect: ["teenager", "basketball", "court"],
  },

  // Everyday objects.
  {
    prompt: "a pair of headphones on a stack of vinyl records",
    category: "objects",
    expect: ["headphones", "vinyl record"],
  },
  { prompt: "a faucet dripping into a white sink, macro photo", category: "objects", expect: ["faucet", "sink"] },
  {
    prompt: "colored pencils spilling out of a tin, watercolor",
    category: "objects",
    expect: ["colored pencil", "tin"],
  },
  {
    prompt: "a black rotary telephone on a lace tablecloth",
    category: "objects",
    expect: ["telephone", "tablecloth"],
  },
  {
    prompt: "a quill pen and an inkwell on old parchment by candlelight",
    category: "objects",
    expect: ["quill", "inkwell", "parchment", "candle"],
  },
];
