export default function SignupPage() {
  return <main><h1>Sign up</h1></main>;
}
