/**
 * A seventh held-out part of Studio's evaluation set (issue 42): 72 prompts written on 2026-12-07 by a helper who did
 * not read Studio's code, before the work on portraits, kinds of people, relations, compounds, places and styles began,
 * from what people type on AI-art sites — not from what Studio can draw. It holds 10 portraits, 10 kinds of people,
 * 6 dressed-up animals, 12 relations, 8 compounds, 10 named places, 6 styles and 10 everyday prompts, so the new cases
 * make 56 of the 72.
 *
 * Like the earlier held-out sets, this file is kept aside: not to be read while Studio is tuned; painted once when the
 * work is done; after that its prompts count as seen.
 */
import type { OpenEvaluationPrompt } from "./evaluation-open";

export const HELD_OUT_PROMPTS_7: readonly OpenEvaluationPrompt[] = [
  // Portraits: people and animals, head and shoulders or a face close-up.
  {
    prompt: "a portrait of an old fisherman with a grey beard and a wool hat, oil painting",
    category: "portraits",
    expect: ["fisherman", "beard", "hat"],
  },
  {
    prompt: "close-up of a lion's face, golden hour, highly detailed",
    category: "portraits",
    expect: ["lion", "face"],
  },
  {
    prompt: "portrait of a young woman with curly red hair and freckles, soft light",
    category: "portraits",
    expect: ["woman", "hair", "freckle"],
  },
  {
    prompt: "headshot of a smiling businessman in a navy suit, studio photo",
    category: "portraits",
    expect: ["businessman", "suit"],
  },
  {
    prompt: "a portrait of a golden retriever wearing a bandana, digital art",
    category: "portraits",
    expect: ["golden retriever", "bandana"],
  },
  {
    prompt: "portrait of a little girl in a yellow raincoat, rain in the background",
    category: "portraits",
    expect: ["girl", "raincoat", "rain"],
  },
  {
    prompt: "a close-up of an owl's face with big orange eyes",
    category: "portraits",
    expect: ["owl", "face", "eye"],
  },
  {
    prompt: "portrait of an elderly woman with glasses and a knitted shawl, watercolor",
    category: "portraits",
    expect: ["woman", "glasses", "shawl"],
  },
  {
    prompt: "head and shoulders portrait of a man in a turban, bookshelves behind him",
    category: "portraits",
    expect: ["man", "turban", "bookshelf"],
  },
  {
    prompt: "photo portrait of a tabby cat, blurred garden background, 4k",
    category: "portraits",
    expect: ["tabby cat", "garden"],
  },

  // Kinds of people, in a place or doing something.
  { prompt: "a viking warrior standing on a rocky beach", category: "kinds-of-people", expect: ["viking", "beach"] },
  {
    prompt: "ninja crouching on a rooftop at night, full moon",
    category: "kinds-of-people",
    expect: ["ninja", "rooftop", "moon"],
  },
  {
    prompt: "an elf archer in an autumn forest, fantasy art",
    category: "kinds-of-people",
    expect: ["elf", "archer", "forest"],
  },
  {
    prompt: "a chef holding a pizza in a busy kitchen",
    category: "kinds-of-people",
    expect: ["chef", "pizza", "kitchen"],
  },
  {
    prompt: "astronaut floating above the earth, realistic",
    category: "kinds-of-people",
    expect: ["astronaut", "earth"],
  },
  {
    prompt: "a knight in shining armor on a white horse",
    category: "kinds-of-people",
    expect: ["knight", "armor", "horse"],
  },
  {
    prompt: "a firefighter standing next to a red fire truck",
    category: "kinds-of-people",
    expect: ["firefighter", "fire truck"],
  },
  {
    prompt: "samurai under a cherry blossom tree, ink painting",
    category: "kinds-of-people",
    expect: ["samurai", "cherry blossom tree"],
  },
  {
    prompt: "pirate captain with a parrot on his shoulder on the deck of a ship",
    category: "kinds-of-people",
    expect: ["pirate", "parrot", "ship"],
  },
  {
    prompt: "an old wizard with a long white beard in a stone tower, highly detailed",
    category: "kinds-of-people",
    expect: ["wizard", "beard", "tower"],
  },

  // Dressed-up animals.
  {
    prompt: "a dog dressed as a detective with a magnifying glass",
    category: "dressed-animals",
    expect: ["dog", "detective", "magnifying glass"],
  },
  {
    prompt: "raccoon riding a skateboard down the street",
    category: "dressed-animals",
    expect: ["raccoon", "skateboard", "street"],
  },
  {
    prompt: "a cat wearing a wizard hat, reading a book",
    category: "dressed-animals",
    expect: ["cat", "wizard hat", "book"],
  },
  {
    prompt: "a frog wearing a tiny golden crown, sitting on a lily pad",
    category: "dressed-animals",
    expect: ["frog", "crown", "lily pad"],
  },
  {
    prompt: "a fox in a tuxedo drinking tea, victorian style",
    category: "dressed-animals",
    expect: ["fox", "tuxedo", "tea"],
  },
  {
    prompt: "rabbit astronaut in a space suit on the moon",
    category: "dressed-animals",
    expect: ["rabbit", "astronaut", "space suit", "moon"],
  },

  // Relations between two things: on, in, inside, under, against, hanging from, perched on, riding, holding, wearing.
  { prompt: "a ladybug on a leaf, macro photo", category: "relations", expect: ["ladybug", "leaf"] },
  { prompt: "a kitten sleeping inside a wicker basket", category: "relations", expect: ["kitten", "basket"] },
  { prompt: "a bicycle leaning against a brick wall", category: "relations", expect: ["bicycle", "brick wall"] },
  {
    prompt: "a robin perched on a fence post in winter",
    category: "relations",
    expect: ["robin", "fence post"],
  },
  { prompt: "a swing hanging from an old oak tree", category: "relations", expect: ["swing", "oak tree"] },
  { prompt: "a teddy bear under a christmas tree", category: "relations", expect: ["teddy bear", "christmas tree"] },
  {
    prompt: "a girl riding an elephant through the jungle",
    category: "relations",
    expect: ["girl", "elephant", "jungle"],
  },
  {
    prompt: "a monkey holding a banana, sitting in a tree",
    category: "relations",
    expect: ["monkey", "banana", "tree"],
  },
  {
    prompt: "a snowman wearing a red scarf and a top hat",
    category: "relations",
    expect: ["snowman", "scarf", "top hat"],
  },
  {
    prompt: "goldfish in a glass bowl on a kitchen table",
    category: "relations",
    expect: ["goldfish", "bowl", "kitchen table"],
  },
  {
    prompt: "a sailboat on a calm lake with mountains behind it",
    category: "relations",
    expect: ["sailboat", "lake", "mountain"],
  },
  {
    prompt: "a cup of coffee on top of a stack of old books",
    category: "relations",
    expect: ["cup", "coffee", "book"],
  },

  // Compounds: the modifier (material, pattern, crop) must be painted onto the head noun.
  {
    prompt: "gingerbread house covered in snow, cozy",
    category: "compounds",
    expect: ["gingerbread house", "snow"],
  },
  { prompt: "a sunflower field under a blue sky", category: "compounds", expect: ["sunflower field", "sky"] },
  { prompt: "a crystal rose on black velvet", category: "compounds", expect: ["crystal rose", "velvet"] },
  { prompt: "an ice castle in the mountains, fantasy", category: "compounds", expect: ["ice castle", "mountain"] },
  { prompt: "a patchwork quilt on a bed", category: "compounds", expect: ["patchwork quilt", "bed"] },
  {
    prompt: "a striped hot air balloon over green fields",
    category: "compounds",
    expect: ["hot air balloon", "field"],
  },
  { prompt: "a lemon tree in a terracotta pot", category: "compounds", expect: ["lemon tree", "pot"] },
  {
    prompt: "marble statue of a horse in a museum",
    category: "compounds",
    expect: ["marble statue", "horse", "museum"],
  },

  // Named places and cities, recognisable by a landmark or a look.
  {
    prompt: "gondola on a canal in venice at dusk",
    category: "places",
    expect: ["gondola", "canal", "venice"],
  },
  {
    prompt: "a narrow street in kyoto with red lanterns, rainy night",
    category: "places",
    expect: ["street", "kyoto", "lantern"],
  },
  {
    prompt: "big ben and a red double decker bus, london",
    category: "places",
    expect: ["big ben", "double decker bus", "london"],
  },
  {
    prompt: "the pyramids of giza at sunset with camels",
    category: "places",
    expect: ["pyramids of giza", "camel"],
  },
  { prompt: "golden gate bridge in the fog, photo", category: "places", expect: ["golden gate bridge"] },
  {
    prompt: "santorini, white houses with blue domes above the sea",
    category: "places",
    expect: ["santorini", "house", "dome", "sea"],
  },
  {
    prompt: "a little cafe in paris with the eiffel tower in the distance",
    category: "places",
    expect: ["cafe", "paris", "eiffel tower"],
  },
  {
    prompt: "times square at night, new york, neon signs",
    category: "places",
    expect: ["times square", "new york", "neon sign"],
  },
  { prompt: "mount fuji with cherry blossoms, spring", category: "places", expect: ["mount fuji", "cherry blossom"] },
  { prompt: "the colosseum in rome on a sunny day", category: "places", expect: ["colosseum", "rome"] },

  // Styles people name, on everyday subjects.
  {
    prompt: "a girl with a cat on a windowsill, anime style",
    category: "styles",
    expect: ["girl", "cat", "windowsill"],
  },
  { prompt: "a cozy coffee shop, manga panel, black and white", category: "styles", expect: ["coffee shop"] },
  { prompt: "a dog next to a fire hydrant in cartoon style", category: "styles", expect: ["dog", "fire hydrant"] },
  { prompt: "comic book style city street with a yellow taxi", category: "styles", expect: ["street", "taxi"] },
  { prompt: "claymation snail in a vegetable garden", category: "styles", expect: ["snail", "vegetable garden"] },
  {
    prompt: "a bear and a rabbit having a picnic, in the style of a children's book",
    category: "styles",
    expect: ["bear", "rabbit"],
  },

  // Everyday first-week prompts: animals, food, landscapes, vehicles, rooms.
  { prompt: "a red sports car on a mountain road", category: "everyday", expect: ["sports car", "mountain road"] },
  { prompt: "bowl of ramen with an egg, food photography", category: "everyday", expect: ["bowl", "ramen", "egg"] },
  { prompt: "a waterfall in a green forest", category: "everyday", expect: ["waterfall", "forest"] },
  {
    prompt: "cozy living room with a fireplace and a big armchair",
    category: "everyday",
    expect: ["living room", "fireplace", "armchair"],
  },
  { prompt: "horses running on a beach at sunrise", category: "everyday", expect: ["horse", "beach"] },
  {
    prompt: "a stack of pancakes with blueberries and syrup",
    category: "everyday",
    expect: ["pancake", "blueberry", "syrup"],
  },
  { prompt: "a lighthouse on a rocky coast during a storm", category: "everyday", expect: ["lighthouse", "coast"] },
  {
    prompt: "a small cabin in the snowy mountains, smoke from the chimney",
    category: "everyday",
    expect: ["cabin", "mountain", "smoke", "chimney"],
  },
  { prompt: "a puppy playing in autumn leaves", category: "everyday", expect: ["puppy", "leaf"] },
  { prompt: "an old steam train crossing a bridge", category: "everyday", expect: ["steam train", "bridge"] },
];
