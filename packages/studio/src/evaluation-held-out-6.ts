/**
 * A sixth held-out part of Studio's open-vocabulary evaluation set: sixty everyday prompts, five for each of
 * twelve categories, written on 2026-11-28 by a helper who did not read Studio's code, after the fifth held-out
 * set (evaluation-held-out-5.ts) was measured, from what people type on AI art sites in their first week, and
 * not from what Studio can draw.
 *
 * Like the earlier held-out sets, this file is kept aside: not to be read while Studio is tuned; painted once with
 * `--held-out-6-sheet`; after that its prompts count as seen.
 */
import type { OpenEvaluationPrompt } from "./evaluation-open";

export const HELD_OUT_PROMPTS_6: readonly OpenEvaluationPrompt[] = [
  // Pets and animals by breed.
  { prompt: "a corgi running on the beach at sunset", category: "pets", expect: ["corgi", "beach"] },
  {
    prompt: "fluffy maine coon cat sleeping on a windowsill, watercolor",
    category: "pets",
    expect: ["cat", "windowsill"],
  },
  { prompt: "husky with blue eyes sitting in the snow, photo", category: "pets", expect: ["husky", "snow"] },
  {
    prompt: "orange tabby kitten playing with a ball of yarn, anime style",
    category: "pets",
    expect: ["kitten", "yarn"],
  },
  { prompt: "cute hamster holding a tiny strawberry", category: "pets", expect: ["hamster", "strawberry"] },
  // Wild animals by species.
  {
    prompt: "majestic lion with a flowing mane on the savanna, cinematic",
    category: "wild-animals",
    expect: ["lion", "savanna"],
  },
  { prompt: "red fox in a snowy forest", category: "wild-animals", expect: ["fox", "forest", "snow"] },
  { prompt: "baby elephant splashing in a river", category: "wild-animals", expect: ["elephant", "river"] },
  {
    prompt: "bald eagle soaring over the mountains, oil painting",
    category: "wild-animals",
    expect: ["eagle", "mountain"],
  },
  { prompt: "draw a panda eating bamboo", category: "wild-animals", expect: ["panda", "bamboo"] },
  // Food and dishes.
  { prompt: "pepperoni pizza fresh out of the oven, photo", category: "food", expect: ["pizza", "oven"] },
  { prompt: "a bowl of ramen with a soft boiled egg, anime style", category: "food", expect: ["ramen", "bowl", "egg"] },
  {
    prompt: "stack of fluffy pancakes with blueberries and maple syrup",
    category: "food",
    expect: ["pancake", "blueberry", "syrup"],
  },
  { prompt: "sushi platter on a wooden table", category: "food", expect: ["sushi", "platter", "table"] },
  { prompt: "chocolate cake with strawberries on top, watercolor", category: "food", expect: ["cake", "strawberry"] },
  // Fantasy creatures and places.
  { prompt: "a dragon sleeping on a pile of gold coins", category: "fantasy", expect: ["dragon", "coin"] },
  {
    prompt: "wizard casting a spell in an ancient library, digital art",
    category: "fantasy",
    expect: ["wizard", "library"],
  },
  {
    prompt: "enchanted forest with glowing mushrooms and fairies",
    category: "fantasy",
    expect: ["forest", "mushroom", "fairy"],
  },
  { prompt: "white unicorn standing next to a waterfall", category: "fantasy", expect: ["unicorn", "waterfall"] },
  {
    prompt: "elf archer with a bow in front of a castle, oil painting",
    category: "fantasy",
    expect: ["elf", "bow", "castle"],
  },
  // Science fiction.
  { prompt: "astronaut riding a horse on the moon", category: "sci-fi", expect: ["astronaut", "horse", "moon"] },
  { prompt: "giant robot standing in a ruined city, cinematic", category: "sci-fi", expect: ["robot", "city"] },
  { prompt: "spaceship landing on an alien planet", category: "sci-fi", expect: ["spaceship", "planet"] },
  { prompt: "ufo hovering over a cornfield at night, pixel art", category: "sci-fi", expect: ["ufo", "cornfield"] },
  { prompt: "cyborg woman with neon hair, cyberpunk, digital art", category: "sci-fi", expect: ["cyborg", "woman"] },
  // Vehicles by make and kind.
  { prompt: "red ferrari driving along a coastal road", category: "vehicles", expect: ["car", "road"] },
  {
    prompt: "vintage volkswagen beetle parked in front of a diner, photo",
    category: "vehicles",
    expect: ["car", "diner"],
  },
  {
    prompt: "steam locomotive crossing a stone bridge, oil painting",
    category: "vehicles",
    expect: ["train", "bridge"],
  },
  { prompt: "harley davidson motorcycle on route 66", category: "vehicles", expect: ["motorcycle", "road"] },
  { prompt: "old biplane flying over farmland", category: "vehicles", expect: ["biplane", "field"] },
  // Cities and landmarks.
  { prompt: "eiffel tower at night with the city lights", category: "cities", expect: ["tower", "city"] },
  { prompt: "rainy street in tokyo with neon signs, cinematic", category: "cities", expect: ["street", "sign"] },
  { prompt: "new york skyline at sunset, oil painting", category: "cities", expect: ["skyline", "skyscraper"] },
  { prompt: "venice canals with gondolas, watercolor", category: "cities", expect: ["canal", "gondola"] },
  {
    prompt: "a cobblestone street in a small italian town with a cafe",
    category: "cities",
    expect: ["street", "cafe"],
  },
  // Seasons and holidays.
  { prompt: "autumn forest with orange and red leaves", category: "seasons", expect: ["forest", "leaf"] },
  { prompt: "cozy cabin in the snow at christmas, digital art", category: "seasons", expect: ["cabin", "snow"] },
  { prompt: "cherry blossom trees in spring, anime style", category: "seasons", expect: ["tree", "blossom"] },
  { prompt: "summer beach with palm trees and umbrellas", category: "seasons", expect: ["beach", "palm", "umbrella"] },
  { prompt: "pumpkins on a front porch in october", category: "seasons", expect: ["pumpkin", "porch"] },
  // Rooms and interiors.
  {
    prompt: "cozy living room with a fireplace and bookshelves",
    category: "rooms",
    expect: ["fireplace", "bookshelf"],
  },
  { prompt: "minimalist scandinavian bedroom, photo", category: "rooms", expect: ["bedroom", "bed"] },
  { prompt: "modern kitchen with white marble countertops", category: "rooms", expect: ["kitchen", "countertop"] },
  { prompt: "gaming room with rgb lights and a pc on the desk", category: "rooms", expect: ["computer", "desk"] },
  {
    prompt: "reading nook with an armchair by a rainy window, watercolor",
    category: "rooms",
    expect: ["armchair", "window"],
  },
  // Underwater scenes.
  { prompt: "coral reef full of tropical fish, photo", category: "underwater", expect: ["coral", "fish"] },
  { prompt: "sea turtle swimming in the ocean", category: "underwater", expect: ["turtle", "ocean"] },
  { prompt: "sunken pirate ship on the ocean floor", category: "underwater", expect: ["ship", "seafloor"] },
  {
    prompt: "great white shark swimming past a scuba diver, cinematic",
    category: "underwater",
    expect: ["shark", "diver"],
  },
  { prompt: "glowing jellyfish in the deep sea, pixel art", category: "underwater", expect: ["jellyfish", "sea"] },
  // People by job and age.
  {
    prompt: "portrait of an old fisherman with a white beard, oil painting",
    category: "people",
    expect: ["fisherman", "beard"],
  },
  { prompt: "a chef cooking in a busy restaurant kitchen", category: "people", expect: ["chef", "kitchen"] },
  {
    prompt: "girl with a red umbrella walking in the rain, anime style",
    category: "people",
    expect: ["girl", "umbrella"],
  },
  {
    prompt: "firefighter spraying a hose at a burning house",
    category: "people",
    expect: ["firefighter", "hose", "house"],
  },
  { prompt: "grandma knitting in a rocking chair", category: "people", expect: ["grandma", "chair"] },
  // Everyday objects.
  { prompt: "old pocket watch on a wooden desk, photo", category: "objects", expect: ["watch", "desk"] },
  { prompt: "vintage typewriter with a sheet of paper in it", category: "objects", expect: ["typewriter", "paper"] },
  { prompt: "a glass bottle with a tiny ship inside", category: "objects", expect: ["bottle", "ship"] },
  { prompt: "pair of red high top sneakers, product photo", category: "objects", expect: ["sneaker"] },
  {
    prompt: "acoustic guitar leaning against a brick wall, watercolor",
    category: "objects",
    expect: ["guitar", "wall"],
  },
];
