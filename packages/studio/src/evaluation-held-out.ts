/**
 * The held-out part of Studio's open-vocabulary evaluation set: sixty prompts of the same kinds and mix as
 * evaluation-open.ts (what people type on AI art sites such as NightCafe, Civitai and Leonardo), written with it
 * before the open-vocabulary work of issue 28 and drawn from the same pool (every fourth or fifth prompt of each
 * category), so they are a fair sample of it.
 *
 * This file is kept aside: it is not read while Studio is tuned, so the final count on it measures words nobody
 * tuned Studio to.
 */
import type { OpenEvaluationPrompt } from "./evaluation-open";

export const HELD_OUT_PROMPTS: readonly OpenEvaluationPrompt[] = [
  // Pets and animals by breed.
  {
    prompt: "golden retriever chasing a tennis ball in the park",
    category: "pets",
    expect: ["golden retriever", "tennis ball", "park"],
  },
  { prompt: "corgi in sunglasses", category: "pets", expect: ["corgi", "sunglasses"] },
  { prompt: "portrait of a black labrador, oil painting", category: "pets", expect: ["labrador"] },
  { prompt: "a dalmatian sitting next to a red fire hydrant", category: "pets", expect: ["dalmatian", "fire hydrant"] },
  { prompt: "three kittens playing with a ball of yarn", category: "pets", expect: ["kitten", "ball", "yarn"] },

  // Wild animals.
  { prompt: "an octopus holding a teacup", category: "wild-animals", expect: ["octopus", "teacup"] },
  { prompt: "a hummingbird drinking from a red flower", category: "wild-animals", expect: ["hummingbird", "flower"] },
  { prompt: "a chameleon on a branch", category: "wild-animals", expect: ["chameleon", "branch"] },
  { prompt: "a kangaroo with a joey in its pouch", category: "wild-animals", expect: ["kangaroo", "joey", "pouch"] },
  {
    prompt: "a bald eagle flying over the grand canyon",
    category: "wild-animals",
    expect: ["bald eagle", "grand canyon"],
  },

  // Food and drink.
  { prompt: "salmon sushi on a black slate board", category: "food", expect: ["sushi", "board"] },
  { prompt: "pepperoni pizza coming out of a wood fired oven", category: "food", expect: ["pizza", "oven"] },
  { prompt: "three tacos and a lime on a wooden board", category: "food", expect: ["taco", "lime", "board"] },
  { prompt: "a bowl of pho, food photography", category: "food", expect: ["bowl", "pho"] },
  {
    prompt: "a cup of hot chocolate topped with whipped cream and marshmallows",
    category: "food",
    expect: ["cup", "hot chocolate", "whipped cream", "marshmallow"],
  },

  // Fantasy.
  { prompt: "an elf with a bow in a misty forest", category: "fantasy", expect: ["elf", "bow", "forest"] },
  { prompt: "a phoenix rising from flames, digital art", category: "fantasy", expect: ["phoenix", "flame"] },
  { prompt: "a floating castle above the clouds", category: "fantasy", expect: ["castle", "cloud"] },
  { prompt: "a centaur with a bow in a meadow", category: "fantasy", expect: ["centaur", "bow", "meadow"] },
  { prompt: "an orc holding a huge sword", category: "fantasy", expect: ["orc", "sword"] },

  // Science fiction.
  { prompt: "a friendly robot serving coffee in a diner", category: "sci-fi", expect: ["robot", "coffee", "diner"] },
  { prompt: "a cyberpunk street at night with neon signs", category: "sci-fi", expect: ["street", "neon sign"] },
  { prompt: "a flying saucer abducting a cow", category: "sci-fi", expect: ["flying saucer", "cow"] },
  { prompt: "a starship in hyperspace, low poly", category: "sci-fi", expect: ["starship"] },
  { prompt: "a satellite drifting past the moon", category: "sci-fi", expect: ["satellite", "moon"] },

  // Vehicles.
  { prompt: "a yellow taxi in the rain", category: "vehicles", expect: ["taxi", "rain"] },
  { prompt: "a helicopter flying over the ocean", category: "vehicles", expect: ["helicopter", "ocean"] },
  {
    prompt: "a striped hot air balloon drifting over vineyards, watercolor",
    category: "vehicles",
    expect: ["hot air balloon", "vineyard"],
  },
  { prompt: "an old fishing boat in a harbor", category: "vehicles", expect: ["fishing boat", "harbor"] },
  {
    prompt: "a cargo ship full of containers at sea",
    category: "vehicles",
    expect: ["cargo ship", "container", "sea"],
  },

  // Named cities and landmarks.
  {
    prompt: "the brooklyn bridge and the new york skyline at dusk",
    category: "cities",
    expect: ["brooklyn bridge", "new york", "skyline"],
  },
  { prompt: "a camel caravan passing the pyramids of giza", category: "cities", expect: ["camel", "pyramid", "giza"] },
  {
    prompt: "the statue of liberty holding her torch high",
    category: "cities",
    expect: ["statue of liberty", "torch"],
  },
  {
    prompt: "a canal in amsterdam with bicycles on the bridge",
    category: "cities",
    expect: ["canal", "amsterdam", "bicycle", "bridge"],
  },
  { prompt: "times square on new year's eve", category: "cities", expect: ["times square"] },

  // Seasons and holidays.
  { prompt: "cherry blossoms over a river in spring", category: "seasons", expect: ["cherry blossom", "river"] },
  { prompt: "a valentine's day card with red hearts", category: "seasons", expect: ["card", "heart"] },
  {
    prompt: "a thanksgiving table with a roast turkey and pies",
    category: "seasons",
    expect: ["table", "turkey", "pie"],
  },
  {
    prompt: "santa claus on a sleigh pulled by reindeer",
    category: "seasons",
    expect: ["santa claus", "sleigh", "reindeer"],
  },
  { prompt: "a child jumping into a pile of autumn leaves", category: "seasons", expect: ["child", "leaf"] },

  // Rooms and interiors.
  {
    prompt: "a modern white kitchen with copper pots hanging from the ceiling",
    category: "rooms",
    expect: ["kitchen", "pot", "ceiling"],
  },
  { prompt: "a bathroom with a clawfoot tub and green tiles", category: "rooms", expect: ["bathroom", "tub", "tile"] },
  { prompt: "a japanese tea room with tatami mats, ukiyo-e", category: "rooms", expect: ["tea room", "tatami mat"] },
  { prompt: "an attic with a round window and old trunks", category: "rooms", expect: ["attic", "window", "trunk"] },
  {
    prompt: "a gaming room with rgb lights and two monitors",
    category: "rooms",
    expect: ["gaming room", "light", "monitor"],
  },

  // Underwater.
  { prompt: "a sunken pirate ship on the sea floor", category: "underwater", expect: ["pirate ship", "sea floor"] },
  { prompt: "a clownfish hiding in a sea anemone", category: "underwater", expect: ["clownfish", "sea anemone"] },
  { prompt: "a seahorse holding onto seagrass, watercolor", category: "underwater", expect: ["seahorse", "seagrass"] },
  { prompt: "a manta ray gliding over white sand", category: "underwater", expect: ["manta ray", "sand"] },
  { prompt: "sunlight streaming through a kelp forest", category: "underwater", expect: ["kelp forest"] },

  // People at work and play.
  {
    prompt: "a firefighter carrying a child out of a burning house",
    category: "people",
    expect: ["firefighter", "child", "house"],
  },
  {
    prompt: "a ballerina tying her pointe shoes backstage, degas style",
    category: "people",
    expect: ["ballerina", "pointe shoe"],
  },
  { prompt: "a barista pouring milk into a coffee cup", category: "people", expect: ["barista", "milk", "coffee cup"] },
  { prompt: "kids kicking a soccer ball in a park", category: "people", expect: ["kid", "soccer ball", "park"] },
  { prompt: "a teacher writing on a chalkboard", category: "people", expect: ["teacher", "chalkboard"] },

  // Everyday objects and still lifes.
  {
    prompt: "a stack of old books with reading glasses on top",
    category: "objects",
    expect: ["book", "reading glasses"],
  },
  { prompt: "a glass jar full of fireflies", category: "objects", expect: ["jar", "firefly"] },
  { prompt: "a rubber duck in a bathtub", category: "objects", expect: ["rubber duck", "bathtub"] },
  { prompt: "an antique brass compass on an old map", category: "objects", expect: ["compass", "map"] },
  { prompt: "red sneakers on a skateboard", category: "objects", expect: ["sneaker", "skateboard"] },
];
