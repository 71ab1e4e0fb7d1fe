/**
 * A second held-out part of Studio's open-vocabulary evaluation set: sixty prompts of the same kinds and mix as
 * evaluation-open.ts (what people type on AI art sites such as NightCafe, Civitai, Leonardo and Midjourney
 * galleries), five for each of its twelve categories, written on 2026-11-27 by a helper after the first held-out
 * set (evaluation-held-out.ts) was measured, from what people type and not from what Studio can draw.
 *
 * Like the first held-out set, this file is kept aside: it is not to be read while Studio is tuned. It is to be
 * painted once, with a future command like `--held-out-sheet`, to measure words nobody tuned Studio to; after that
 * measurement its prompts count as seen.
 */
import type { OpenEvaluationPrompt } from "./evaluation-open";

export const HELD_OUT_PROMPTS_2: readonly OpenEvaluationPrompt[] = [
  // Pets and animals by breed.
  { prompt: "a corgi puppy sleeping in a laundry basket", category: "pets", expect: ["corgi", "laundry basket"] },
  { prompt: "tabby cat curled up on a stack of books, watercolor", category: "pets", expect: ["tabby cat", "book"] },
  {
    prompt: "dalmatian riding in the back of a pickup truck at sunset",
    category: "pets",
    expect: ["dalmatian", "pickup truck"],
  },
  { prompt: "a white rabbit eating a carrot in the garden", category: "pets", expect: ["rabbit", "carrot"] },
  {
    prompt: "a goldfish in a round bowl on a kitchen counter, pixel art",
    category: "pets",
    expect: ["goldfish", "bowl", "counter"],
  },

  // Wild animals.
  {
    prompt: "a polar bear walking on sea ice under the northern lights",
    category: "wild-animals",
    expect: ["polar bear", "ice", "northern lights"],
  },
  { prompt: "herd of zebras crossing a river, cinematic", category: "wild-animals", expect: ["zebra", "river"] },
  { prompt: "red fox in a snowy forest at dawn, oil painting", category: "wild-animals", expect: ["fox", "forest"] },
  {
    prompt: "a family of elephants at a watering hole, golden hour",
    category: "wild-animals",
    expect: ["elephant", "watering hole"],
  },
  { prompt: "bald eagle catching a salmon", category: "wild-animals", expect: ["bald eagle", "salmon"] },

  // Food and drink.
  { prompt: "a steaming bowl of pho with fresh basil", category: "food", expect: ["bowl", "pho", "basil"] },
  {
    prompt: "stack of pancakes with maple syrup and blueberries, food photography",
    category: "food",
    expect: ["pancake", "syrup", "blueberry"],
  },
  { prompt: "margherita pizza fresh out of a wood-fired oven", category: "food", expect: ["pizza", "oven"] },
  { prompt: "sushi platter, watercolor", category: "food", expect: ["sushi", "platter"] },
  { prompt: "tacos al pastor on a street food cart at night", category: "food", expect: ["taco", "cart"] },

  // Fantasy.
  { prompt: "a dragon sleeping on a pile of gold coins", category: "fantasy", expect: ["dragon", "coin"] },
  {
    prompt: "an elf with a bow in an enchanted forest, digital art",
    category: "fantasy",
    expect: ["elf", "bow", "forest"],
  },
  { prompt: "wizard tower on a cliff during a thunderstorm", category: "fantasy", expect: ["tower", "cliff"] },
  { prompt: "a unicorn drinking from a moonlit pond", category: "fantasy", expect: ["unicorn", "pond", "moon"] },
  { prompt: "a griffin perched on castle ruins", category: "fantasy", expect: ["griffin", "castle"] },

  // Science fiction.
  {
    prompt:
      "astronaut floating next to the international space station with earth glowing below, highly detailed, cinematic",
    category: "sci-fi",
    expect: ["astronaut", "space station", "earth"],
  },
  { prompt: "cyberpunk robot bartender serving neon drinks", category: "sci-fi", expect: ["robot", "drink"] },
  {
    prompt: "a flying saucer hovering over a cornfield at night",
    category: "sci-fi",
    expect: ["flying saucer", "cornfield"],
  },
  { prompt: "mars colony with glass domes and a rover, cinematic", category: "sci-fi", expect: ["dome", "rover"] },
  {
    prompt: "an android repairing its arm at a workbench, concept art",
    category: "sci-fi",
    expect: ["android", "arm", "workbench"],
  },

  // Vehicles.
  { prompt: "vintage red double-decker bus in the rain", category: "vehicles", expect: ["bus", "rain"] },
  {
    prompt: "a sailboat on a calm lake at sunrise, oil painting",
    category: "vehicles",
    expect: ["sailboat", "lake", "sun"],
  },
  { prompt: "steam locomotive crossing a stone viaduct", category: "vehicles", expect: ["locomotive", "viaduct"] },
  {
    prompt: "hot air balloons floating over cappadocia at dawn",
    category: "vehicles",
    expect: ["hot air balloon", "cappadocia"],
  },
  {
    prompt: "motorcycle parked outside a roadside diner, 1950s",
    category: "vehicles",
    expect: ["motorcycle", "diner"],
  },

  // Cities and landmarks.
  { prompt: "tokyo street at night with neon signs, rain", category: "cities", expect: ["tokyo", "neon sign"] },
  { prompt: "the colosseum in rome at golden hour", category: "cities", expect: ["colosseum"] },
  {
    prompt: "venice canal with gondolas, watercolor",
    category: "cities",
    expect: ["venice", "canal", "gondola"],
  },
  {
    prompt: "big ben and a red phone box in london",
    category: "cities",
    expect: ["big ben", "phone box", "london"],
  },
  { prompt: "the golden gate bridge in fog", category: "cities", expect: ["golden gate bridge", "fog"] },

  // Seasons and holidays.
  { prompt: "autumn leaves falling on a park bench", category: "seasons", expect: ["leaf", "bench"] },
  {
    prompt: "snowman with a carrot nose and a striped scarf",
    category: "seasons",
    expect: ["snowman", "carrot", "scarf"],
  },
  {
    prompt: "cherry blossom trees along a river in spring",
    category: "seasons",
    expect: ["cherry blossom", "tree", "river"],
  },
  { prompt: "halloween pumpkins glowing on a porch", category: "seasons", expect: ["pumpkin", "porch"] },
  {
    prompt: "a beach umbrella and a sandcastle on a hot summer day, pixel art",
    category: "seasons",
    expect: ["beach umbrella", "sandcastle"],
  },

  // Rooms and interiors.
  {
    prompt: "a cozy reading nook with a green velvet armchair, a floor lamp and rain on the window",
    category: "rooms",
    expect: ["armchair", "floor lamp", "window"],
  },
  {
    prompt: "minimalist scandinavian kitchen with a wooden table",
    category: "rooms",
    expect: ["kitchen", "table"],
  },
  {
    prompt: "a messy teenager's bedroom with posters on the wall, digital art",
    category: "rooms",
    expect: ["bed", "poster"],
  },
  { prompt: "bathroom with a clawfoot tub and plants", category: "rooms", expect: ["tub", "plant"] },
  {
    prompt: "home office with two monitors and a cat on the desk",
    category: "rooms",
    expect: ["monitor", "cat", "desk"],
  },

  // Underwater.
  {
    prompt: "octopus hiding inside a sunken treasure chest",
    category: "underwater",
    expect: ["octopus", "treasure chest"],
  },
  {
    prompt: "a mermaid sitting on a rock in a kelp forest",
    category: "underwater",
    expect: ["mermaid", "rock", "kelp"],
  },
  {
    prompt: "shipwreck on the ocean floor with sharks circling",
    category: "underwater",
    expect: ["shipwreck", "shark"],
  },
  { prompt: "jellyfish glowing in the deep sea, oil painting", category: "underwater", expect: ["jellyfish"] },
  {
    prompt: "scuba diver photographing a manta ray",
    category: "underwater",
    expect: ["scuba diver", "manta ray"],
  },

  // People at work and play.
  {
    prompt: "an old fisherman mending nets on the dock",
    category: "people",
    expect: ["fisherman", "net", "dock"],
  },
  { prompt: "a chef tossing noodles in a wok", category: "people", expect: ["chef", "wok"] },
  {
    prompt: "girl reading a book under a tree, watercolor",
    category: "people",
    expect: ["girl", "book", "tree"],
  },
  { prompt: "street musician playing violin in the subway", category: "people", expect: ["musician", "violin"] },
  { prompt: "kids flying a kite on the beach", category: "people", expect: ["child", "kite", "beach"] },

  // Everyday objects.
  { prompt: "an antique pocket watch on a wooden table", category: "objects", expect: ["pocket watch", "table"] },
  {
    prompt: "a vintage typewriter with a coffee cup, film photo",
    category: "objects",
    expect: ["typewriter", "coffee cup"],
  },
  { prompt: "red umbrella leaning against a brick wall", category: "objects", expect: ["umbrella", "wall"] },
  { prompt: "brass compass resting on an old map", category: "objects", expect: ["compass", "map"] },
  { prompt: "a pair of worn leather boots, oil painting", category: "objects", expect: ["boot"] },
];
