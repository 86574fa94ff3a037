/** The blog's five written answers (docs/product.md §2.7): static, no data, no actions. */

export interface BlogPost {
  id: string;
  question: string;
  /** Paragraphs; `code` paragraphs are shown as code blocks. */
  body: { text: string; code?: boolean }[];
}

export const blogPosts: BlogPost[] = [
  {
    id: 'react-performance',
    question: 'How do you improve the performance of a React application?',
    body: [
      {
        text: "Measure first. The React DevTools Profiler shows which components render, how often and how long each render takes; Lighthouse and the browser's Performance panel show what the user actually waits for. Most slow React apps are slow for one or two reasons, and guessing usually optimises the wrong thing.",
      },
      {
        text: 'Then remove work. Keep state as close as possible to where it is used, so that typing in a form re-renders the form and not the whole page. Split a large context into smaller ones, or pass stable values, because every consumer re-renders when a context value changes. When a child is expensive and its props rarely change, React.memo, useMemo and useCallback let React skip it; the React Compiler now inserts much of this memoisation automatically.',
      },
      {
        text: "Ship less code and fetch data well. Load each route's code lazily so that the first page does not download the whole app, virtualise long lists so only visible rows are in the DOM, give images explicit sizes and lazy loading, and let a data library such as TanStack Query cache server responses instead of fetching the same list on every visit. Finally, mark non-urgent updates with useTransition or useDeferredValue so that typing and clicking stay responsive while heavy rendering happens in the background.",
      },
    ],
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage state in a React application?',
    body: [
      {
        text: 'It helps to sort state by where it lives. Local UI state, such as whether a menu is open or what is typed in an input, belongs in the component with useState, or useReducer when several values change together. Shared client state, such as the signed-in user or a theme, can be lifted to a common parent or provided through React context; when many components read and write it, a small store such as Zustand, Jotai or Redux Toolkit keeps updates predictable.',
      },
      {
        text: 'Server state is different: it is a cached copy of data owned by a server, and it can go stale. Libraries such as TanStack Query or RTK Query handle fetching, caching, deduplication, background refetching and invalidation after a mutation, which removes a great deal of hand-written loading and error bookkeeping.',
      },
      {
        text: "Two more kinds are easy to forget. URL state (the path, route parameters and the query string) is the right home for anything a user might bookmark or share, such as filters or the current page. Form state is best left to a form library such as Formik or React Hook Form, which tracks values, touched fields and validation errors. Choosing the right home for each piece of state does more for an app's clarity than any single library.",
      },
    ],
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    body: [
      {
        text: "Every JavaScript object has a hidden link to another object, its prototype. When you read a property that the object does not have itself, JavaScript follows that link and looks on the prototype, then on the prototype's prototype, and so on until it finds the property or reaches null. This chain of links is the prototype chain, and it is how objects share behaviour without copying it.",
      },
      {
        text: 'Writing is different from reading: assigning a property always creates or changes it on the object itself, which can shadow a property of the same name further up the chain. Methods found on a prototype still run with this set to the object they were called on, so one shared function serves every instance.',
      },
      {
        text: 'const wheel = { spin() { return `${this.size}" wheel spinning`; } };\nconst front = Object.create(wheel);\nfront.size = 29;\nfront.spin(); // 29" wheel spinning: spin is found on the prototype',
        code: true,
      },
      {
        text: 'Constructor functions and the class syntax are built on the same mechanism: objects created with new Bike() get Bike.prototype as their prototype, and class Road extends Bike links Road.prototype to Bike.prototype. Classes are a clearer way to write prototypes, not a different model.',
      },
    ],
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test, and why should we write them?',
    body: [
      {
        text: 'A unit test checks one small piece of code, such as a function, a hook or a component, in isolation: it sets up an input, runs the code and asserts on the result. Because a unit test does not need a browser, a server or a database, it runs in milliseconds, so a project can have thousands of them and run them on every change.',
      },
      {
        text: 'Tests catch regressions: when a change breaks behaviour that used to work, a failing test says so before a customer does. They make refactoring safe, because you can restructure code and know at once whether it still behaves the same. They document intent, since a well-named test states a rule such as "an order below the minimum quantity is rejected" more precisely than a comment. And writing them pushes design toward small pieces with clear inputs and outputs.',
      },
      {
        text: 'Good tests check behaviour a user or caller would notice, not implementation details; in React that means rendering a component and interacting with it the way a person would, as Testing Library encourages. Unit tests work best alongside a few integration and end-to-end tests that prove the pieces also work together.',
      },
    ],
  },
  {
    id: 'state-directly',
    question: 'Why should we not update React state directly?',
    body: [
      {
        text: 'React decides whether to re-render by comparing the new state with the old one by reference. If you mutate state in place, for example cart.push(item) or this.state.count = 5, the reference does not change, React does not know anything happened, and the screen keeps showing old data until something else happens to trigger a render.',
      },
      {
        text: "Calling the setter (setCart, or setState in a class) tells React to schedule an update. React may batch several updates into one render, and it treats the state of each render as a snapshot; mutating that snapshot breaks the assumptions that make batching, memoisation with React.memo and useMemo, concurrent rendering and the DevTools' time travel work.",
      },
      {
        text: 'setCart([...cart, item]); // a new array: React sees the change\nsetCount((count) => count + 1); // an updater function: safe when updates are batched',
        code: true,
      },
      {
        text: 'So treat state as read-only: create a new object or array with the change, using spread syntax, map and filter, or a helper such as Immer, and pass it to the setter. When the next value depends on the previous one, pass an updater function so that each update starts from the latest state.',
      },
    ],
  },
];
